import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSignedInHome } from '@/lib/auth/signed-in-home';

/** The signed-out pages, by their `nav.*` label. */
export const publicPages = [
  { label: 'home', to: '/home' },
  { label: 'about', to: '/about' },
  { label: 'contact', to: '/contact' },
  { label: 'faq', to: '/faq' },
] as const;

/** The public header's links: the content pages and the way in. */
export function PublicNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  const home = useSignedInHome();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
      isActive ? 'bg-primary/15 text-accent' : 'text-muted hover:bg-surface-2 hover:text-fg',
    );

  return (
    <nav aria-label={t('nav.label')} className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        {publicPages.map(({ label, to }) => (
          <li key={to}>
            <NavLink to={to} className={linkClass}>
              {t(`nav.${label}`)}
            </NavLink>
          </li>
        ))}
        <li>
          {/* Someone signed in on this browser is shown the way back, not a sign-in form. */}
          {home ? (
            <NavLink to={home} className={linkClass}>
              {t('nav.goToArea')}
            </NavLink>
          ) : (
            <NavLink to="/login" className={linkClass}>
              {t('auth.login.title')}
            </NavLink>
          )}
        </li>
      </ul>
    </nav>
  );
}
