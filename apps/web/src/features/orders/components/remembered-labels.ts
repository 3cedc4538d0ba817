import { useCallback, useState } from 'react';

const KEY = 'orderFilterLabels';

function stored(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The names of the products and users chosen in the filters, by id, kept for the tab's life: the
 * URL holds only the id, and after a reload the rows on screen may not name it (none match).
 */
export function useRememberedLabels(): [
  Record<string, string>,
  (id: string, label: string) => void,
] {
  const [labels, setLabels] = useState(stored);
  const remember = useCallback((id: string, label: string) => {
    setLabels((current) => {
      const next = { ...current, [id]: label };
      try {
        sessionStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage refused (private mode): the name is kept until the page is left.
      }
      return next;
    });
  }, []);
  return [labels, remember];
}
