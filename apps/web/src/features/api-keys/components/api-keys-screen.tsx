import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEYS_ACTIVE_MAX, type CreatedApiKey } from '@keymarket/contracts/integration';
import { Card } from '@/components/ui/card';
import { API_BASE_URL } from '@/lib/api-client';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKey } from './new-api-key';

/** "API & webhooks", its keys part: create (shown once), list, revoke. */
export function ApiKeysScreen() {
  const { t } = useTranslation('integration');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <Card title={t('createTitle')} description={t('createHint', { max: API_KEYS_ACTIVE_MAX })}>
        <CreateApiKeyForm onCreated={setCreated} />
        {created && <NewApiKey created={created} onDone={() => setCreated(null)} />}
      </Card>
      <Card title={t('listTitle')}>
        <ApiKeysTable />
      </Card>
      <p className="text-sm text-muted">
        {t('docsHint')}{' '}
        <a
          className="font-medium text-accent underline"
          href={`${API_BASE_URL}/docs/`}
          target="_blank"
          rel="noreferrer"
        >
          {t('docsLink')}
        </a>
        {' · '}
        <a
          className="font-medium text-accent underline"
          href={`${API_BASE_URL}/docs/guide.md`}
          target="_blank"
          rel="noreferrer"
        >
          {t('guideLink')}
        </a>
      </p>
    </div>
  );
}
