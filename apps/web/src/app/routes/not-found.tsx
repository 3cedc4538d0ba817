import { usePageName } from '@/lib/page-title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageName(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <p className="font-mono text-6xl font-bold text-accent">{t('notFound.code')}</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">{t('notFound.title')}</h1>
      <p className="mt-2 text-sm text-muted">{t('notFound.body')}</p>
      <Link to="/" className={`${buttonStyles()} mt-8`}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
