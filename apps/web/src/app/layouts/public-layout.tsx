import { clsx } from 'clsx';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/entities/preferences/components/language-switch';
import { ThemeSwitch } from '@/entities/preferences/components/theme-switch';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useSiteIdentity } from '@/features/shell-settings/components/site-identity';
import { PublicFooter, publicFrame } from './public-footer';
import { PublicNav } from './public-nav';

/**
 * Login, signup, the signed-out content pages (home, about, contact, FAQ) and not-found: a page
 * with the language and theme at hand, the public links above and the footer below.
 */
export function PublicLayout() {
  const siteName = useSiteIdentity();
  return (
    <div className="flex min-h-dvh flex-col backdrop-glow">
      <SkipLink />
      <header className="px-4 py-4 sm:px-8">
        {/* The footer's frame (publicFrame): header and footer line up at every width. */}
        <div className={clsx(publicFrame, 'flex flex-wrap items-center justify-between gap-3')}>
          <Link to="/" className="rounded-lg">
            <Brand name={siteName} />
          </Link>
          {/* Its own row on phones, between the brand and the switches from md up. */}
          <PublicNav className="order-last w-full md:order-none md:w-auto" />
          <div className="flex flex-wrap items-center gap-3">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 outline-none sm:items-center sm:pt-0"
      >
        <Suspense fallback={<Spinner className="size-8" />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
