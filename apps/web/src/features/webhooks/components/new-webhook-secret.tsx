import { useTranslation } from 'react-i18next';
import type { CreatedWebhook } from '@keymarket/contracts/integration';
import { OneTimeSecret } from '@/components/ui/one-time-secret';

type NewWebhookSecretProps = { created: CreatedWebhook; onDone: () => void };

/** The signing secret, once: the server keeps it sealed, for signing, and never shows it again. */
export function NewWebhookSecret({ created, onDone }: NewWebhookSecretProps) {
  const { t } = useTranslation('webhooks');
  return (
    <OneTimeSecret
      secret={created.secret}
      title={t('newSecretTitle', { url: created.url })}
      warning={t('newSecretWarning')}
      copyLabel={t('copy')}
      copiedText={t('copied')}
      copyFailedText={t('copyFailed')}
      doneLabel={t('done')}
      onDone={onDone}
    />
  );
}
