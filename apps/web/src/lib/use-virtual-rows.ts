import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

/**
 * The rows of a long table that are in view (plus a few), for a table that stays a real table:
 * it renders `rows`, and spacer rows of `paddingTop` and `paddingBottom` pixels for the others.
 * Rows have one fixed height, so no row of 10,000 is ever measured.
 */
export function useVirtualRows(count: number, rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Before the scroll element is measured, assume a screenful so the first paint has rows.
    initialRect: { width: 1024, height: 640 },
  });
  const rows = virtualizer.getVirtualItems();
  return {
    scrollRef,
    rows,
    paddingTop: rows[0]?.start ?? 0,
    paddingBottom: virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0),
  };
}
