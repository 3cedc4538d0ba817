import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { SecurityScreen } from '@/features/two-factor/components/security-screen';

export function SecurityRoute() {
  const { t } = useTranslation('security', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SecurityScreen />
    </>
  );
}
