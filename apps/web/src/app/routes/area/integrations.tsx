import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ApiKeysScreen } from '@/features/api-keys/components/api-keys-screen';
import { WebhooksScreen } from '@/features/webhooks/components/webhooks-screen';

export function IntegrationsRoute() {
  const { t } = useTranslation('integration', { useSuspense: true });
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <div className="flex flex-col gap-6">
        <ApiKeysScreen />
        <WebhooksScreen />
      </div>
    </>
  );
}
