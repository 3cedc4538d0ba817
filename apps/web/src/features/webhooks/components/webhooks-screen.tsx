import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOKS_MAX, type CreatedWebhook } from '@keymarket/contracts/integration';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useWebhooks } from '../api/get-webhooks';
import { CreateWebhookForm } from './create-webhook-form';
import { DeliveryLog } from './delivery-log';
import { NewWebhookSecret } from './new-webhook-secret';
import { WebhooksTable } from './webhooks-table';

/**
 * "API & webhooks", its webhooks part: add an endpoint (its secret shown once), list, edit,
 * enable or disable, replace the secret (the new one shown once), delete, send a test, and one
 * endpoint's delivery log under the list.
 */
export function WebhooksScreen() {
  const { t } = useTranslation('webhooks');
  const webhooksQuery = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [rolled, setRolled] = useState<CreatedWebhook | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const webhooks = webhooksQuery.data?.data ?? [];
  const logged = webhooks.find((webhook) => webhook.id === logOf);
  const full = webhooks.length >= WEBHOOKS_MAX;

  return (
    <div className="flex flex-col gap-6">
      <Card title={t('createTitle')} description={t('createHint', { max: WEBHOOKS_MAX })}>
        {full ? (
          <p role="status" className="text-sm text-warning">
            {t('limitReached', { max: WEBHOOKS_MAX })}
          </p>
        ) : (
          <CreateWebhookForm onCreated={setCreated} />
        )}
        {created && <NewWebhookSecret created={created} onDone={() => setCreated(null)} />}
      </Card>
      <Card title={t('listTitle')}>
        {rolled && (
          // The panel's own top margin is for below a form: here the card's title is above it.
          <div className="mb-5 *:mt-0">
            <NewWebhookSecret created={rolled} onDone={() => setRolled(null)} />
          </div>
        )}
        {webhooksQuery.isPending && <Spinner />}
        {webhooksQuery.isError && (
          <LoadError
            error={webhooksQuery.error}
            onRetry={() => void webhooksQuery.refetch()}
            title={t('loadFailed')}
          />
        )}
        {webhooksQuery.isSuccess &&
          (webhooks.length === 0 ? (
            <p className="text-sm text-muted">{t('empty')}</p>
          ) : (
            <WebhooksTable
              webhooks={webhooks}
              logOf={logOf}
              onShowDeliveries={setLogOf}
              onDeleted={(id) => {
                setLogOf((open) => (open === id ? null : open));
                setRolled((shown) => (shown?.id === id ? null : shown));
              }}
              onSecretRolled={setRolled}
            />
          ))}
      </Card>
      {logged && <DeliveryLog webhook={logged} onClose={() => setLogOf(null)} />}
    </div>
  );
}
