import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describeApiError } from '@/lib/translate-error';

/** When the session check fails for another reason than "signed out": offline, maintenance. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-md place-items-center p-6">
      <Alert
        action={
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {describeApiError(error, t)}
      </Alert>
    </main>
  );
}
