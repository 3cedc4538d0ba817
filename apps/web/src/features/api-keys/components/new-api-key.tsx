import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@keymarket/contracts/integration';
import { OneTimeSecret } from '@/components/ui/one-time-secret';

type NewApiKeyProps = { created: CreatedApiKey; onDone: () => void };

/** The whole key, once: the server keeps only a hash of it. */
export function NewApiKey({ created, onDone }: NewApiKeyProps) {
  const { t } = useTranslation('integration');
  return (
    <OneTimeSecret
      secret={created.key}
      title={t('newKeyTitle', { name: created.name })}
      warning={t('newKeyWarning')}
      copyLabel={t('copy')}
      copiedText={t('copied')}
      copyFailedText={t('copyFailed')}
      doneLabel={t('done')}
      onDone={onDone}
    />
  );
}
