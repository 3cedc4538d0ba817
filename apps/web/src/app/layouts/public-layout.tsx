import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/preferences/language-switch';
import { ThemeSwitch } from '@/components/preferences/theme-switch';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';

/** Login, signup and not-found: a centred page with the language and theme at hand. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col backdrop-glow">
      <SkipLink />
      <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-lg">
          <Brand />
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <LanguageSwitch />
          <ThemeSwitch />
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
    </div>
  );
}
