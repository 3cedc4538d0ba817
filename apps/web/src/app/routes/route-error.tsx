import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Shown when rendering a route throws, most often a lazily loaded area whose file no longer
 * exists after a deployment: a reload fetches the new build.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center p-6 text-center"
    >
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{t('routeError.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('routeError.body')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </main>
  );
}
