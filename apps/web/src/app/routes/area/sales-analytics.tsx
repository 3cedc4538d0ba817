import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { SalesScreen } from '@/features/sales-analytics/components/sales-screen';

/** What sells: the platform's top products and sellers (admins), or a seller's and its downline's. */
export function SalesAnalyticsRoute({ role }: { role: Role }) {
  const { t } = useTranslation('sales', { useSuspense: true });
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t(role === 'admin' ? 'subtitle.platform' : 'subtitle.downline')}
      />
      <SalesScreen />
    </>
  );
}
