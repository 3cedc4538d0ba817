import { useTranslation } from 'react-i18next';
import type { CreatedWebhook } from '@keymarket/contracts/integration';
import { OneTimeSecret } from '@/components/ui/one-time-secret';
import { isolate } from '@/lib/bidi';

type NewWebhookSecretProps = { created: CreatedWebhook; onDone: () => void };

/** The signing secret, once: the server keeps it sealed, for signing, and never shows it again. */
export function NewWebhookSecret({ created, onDone }: NewWebhookSecretProps) {
  const { t, i18n } = useTranslation('webhooks');
  return (
    <OneTimeSecret
      secret={created.secret}
      title={t('newSecretTitle', { url: isolate(created.url, i18n.dir()) })}
      warning={t('newSecretWarning')}
      copyLabel={t('copy')}
      copiedText={t('copied')}
      copyFailedText={t('copyFailed')}
      doneLabel={t('done')}
      onDone={onDone}
    />
  );
}
