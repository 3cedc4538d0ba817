import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ApiKeysScreen } from '@/features/api-keys/components/api-keys-screen';

export function IntegrationsRoute() {
  const { t } = useTranslation('integration', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <ApiKeysScreen />
    </>
  );
}
