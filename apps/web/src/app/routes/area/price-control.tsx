import { useTranslation } from 'react-i18next';
import type { Role } from '@keymarket/contracts/users';
import { PageHeader } from '@/components/ui/page-header';
import { PriceControlScreen } from '@/features/price-control/components/price-control-screen';

export function PriceControlRoute({ role }: { role: Role }) {
  const { t } = useTranslation('pricing', { useSuspense: true });
  return (
    <>
      <PageHeader
        title={t('priceControl.title')}
        description={
          role === 'admin' ? t('priceControl.subtitleAdmin') : t('priceControl.subtitleSeller')
        }
      />
      <PriceControlScreen role={role} />
    </>
  );
}
