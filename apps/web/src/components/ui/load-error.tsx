import { useTranslation } from 'react-i18next';
import { describeApiError } from '@/lib/translate-error';
import { Alert } from './alert';
import { Button } from './button';

type LoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded, where the specification words it ("Failed to load invitation codes"). */
  title?: string;
};

/** A list or page that could not be loaded: the specification's message, the reason, a retry. */
export function LoadError({ error, onRetry, title }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      title={title ?? t('messages.failedToLoadResults')}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {describeApiError(error, t)}
    </Alert>
  );
}
