import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`: typing "steam" asks the server once for
 * "steam", not for "s", "st", "ste"…
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * How long every search box waits after the last keystroke: long enough to skip the requests of
 * a word being typed, short enough to feel instant.
 */
export const SEARCH_DELAY_MS = 300;

/** What a search box's text asks the server for: trimmed, once typing has paused. */
export function useSearchTerm(text: string): string {
  return useDebounced(text.trim(), SEARCH_DELAY_MS);
}
