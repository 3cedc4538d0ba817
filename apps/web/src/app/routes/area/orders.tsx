import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { OrdersScreen } from '@/features/orders/components/orders-screen';
import { ConvertProfitButton } from '@/features/profit/components/convert-profit-dialog';

export function OrdersRoute({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={t('orders.title')} description={t('orders.subtitle')} />
        {/* Profit comes from the downline's orders, so converting it sits beside them. */}
        {role !== 'admin' && <ConvertProfitButton />}
      </div>
      <OrdersScreen role={role} />
    </>
  );
}
