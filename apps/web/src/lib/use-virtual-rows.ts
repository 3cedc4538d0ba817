import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

// Tailwind's `sm`: below it, tables are cards (components/ui/table.tsx) and rows are taller.
const WIDE_QUERY = '(min-width: 40rem)';

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isWide(): boolean {
  // jsdom has no matchMedia: the tests see the wide layout.
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_QUERY).matches;
}

/** Row heights in pixels: a phone's card (two lines of name, the figures under it), a wide row. */
export type RowHeights = { phone: number; wide: number };

/**
 * The rows of a long list that are in view (plus a few), for a list that scrolls with the page
 * rather than in a short box of its own: it renders `rows`, and `paddingTop` / `paddingBottom`
 * pixels (spacer rows of a table, or the list's padding) for the others.
 *
 * Wide rows have one fixed height (`rowHeight`), so no row of 10,000 is ever measured. A phone's
 * cards cannot: a long name wraps onto as many lines as it needs, so that variants differing at
 * their end stay apart. There each rendered row passes `measureRow` as its `ref` (with
 * `data-index`), `rowHeight` is undefined, and `heights.phone` is only the first guess.
 */
export function useVirtualRows<E extends HTMLElement>(count: number, heights: RowHeights) {
  const listRef = useRef<E>(null);
  const wide = useSyncExternalStore(subscribeToWidth, isWide);
  const rowHeight = wide ? heights.wide : heights.phone;
  // Where the list starts in the page: the window's scroll position is read from there.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    // Alerts, filters or a selection bar above the list move it down after the first paint.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin,
    // Before the window is measured, assume a screenful so the first paint has rows.
    initialRect: { width: 1024, height: 640 },
  });
  // A new layout (a phone turned sideways) changes every row's height.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const measureRow = wide ? undefined : virtualizer.measureElement;

  const rows = virtualizer.getVirtualItems();
  const firstStart = rows[0] ? rows[0].start - scrollMargin : 0;
  const lastEnd = rows.at(-1) ? (rows.at(-1)?.end ?? 0) - scrollMargin : 0;
  return {
    listRef,
    rows,
    rowHeight: wide ? rowHeight : undefined,
    measureRow,
    paddingTop: firstStart,
    paddingBottom: Math.max(0, virtualizer.getTotalSize() - lastEnd),
  };
}
