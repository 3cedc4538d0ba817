import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { TopupScreen } from '@/features/topups/components/topup-screen';

/** Managers and resellers ask their funder for balance (DESIGN.md §13). */
export function TopupRoute() {
  const { t } = useTranslation('topups', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('topup.title')} description={t('topup.subtitle')} />
      <TopupScreen />
    </>
  );
}
