import { useEffect, useSyncExternalStore } from 'react';

/*
 * The name of the page on screen, for the browser tab ("Orders · Keymarket"). The component that
 * renders a page's h1 names it (PageHeader, AuthCard, PublicPage…); the layout joins it to the
 * site name. A store rather than each page writing document.title: the layout's own effect runs
 * after its pages' and would overwrite them.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function setPageName(name: string | null) {
  current = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the page while the calling component is on screen. */
export function usePageName(name: string) {
  useEffect(() => {
    setPageName(name);
    // The next page's name is set after this cleanup runs; only its own name is cleared here.
    return () => {
      if (current === name) setPageName(null);
    };
  }, [name]);
}

/** The tab's title: "<page> · <site>", or the site name alone on a page without a name. */
export function useDocumentTitle(siteName: string): string {
  const page = useSyncExternalStore(subscribe, () => current);
  return page ? `${page} · ${siteName}` : siteName;
}
