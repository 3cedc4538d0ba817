import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSiteName } from '@/entities/system-settings/api/get-system-settings';
import { publicPages } from './public-nav';

// Its own chunk (icons, the `public` texts, the query): the login page's first download stays small.
const SocialLinksFooter = lazy(() =>
  import('@/features/public-pages/components/social-links-footer').then((module) => ({
    default: module.SocialLinksFooter,
  })),
);

/** The public pages' content width, shared by their header and footer so both line up. */
export const publicFrame = 'mx-auto w-full max-w-6xl';

/** The public pages' footer: the content pages, the social links and the name. */
export function PublicFooter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const siteName = useSiteName();
  // The social links show on the content pages only: sign-in and sign-up stay focused on their
  // form and ask the server for nothing else (their download is kept within budget too).
  const onContentPage = publicPages.some(({ to }) => to === pathname);
  return (
    <footer className="border-t border-border px-4 py-6 sm:px-8">
      <div
        className={clsx(
          publicFrame,
          'flex flex-col items-center gap-4 sm:flex-row sm:justify-between',
        )}
      >
        <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm">
          {publicPages.map(({ label, to }) => (
            <li key={to}>
              <Link to={to} className="text-muted underline-offset-4 hover:text-fg hover:underline">
                {t(`nav.${label}`)}
              </Link>
            </li>
          ))}
        </ul>
        {onContentPage && (
          <Suspense fallback={null}>
            <SocialLinksFooter />
          </Suspense>
        )}
        <p className="text-xs text-muted">
          © {new Date().getFullYear()} {siteName}
        </p>
      </div>
    </footer>
  );
}
