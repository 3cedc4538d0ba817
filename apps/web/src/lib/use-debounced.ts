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
