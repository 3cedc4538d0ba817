import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The first Tab stop: keyboard users jump past the navigation to the page's <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();

  // Focus by hand: a `#main` hash would go into the router's history as a navigation.
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document.getElementById('main')?.focus();
  }

  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-fg focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50"
    >
      {t('app.skipToContent')}
    </a>
  );
}
