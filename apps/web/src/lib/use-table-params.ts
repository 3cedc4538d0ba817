import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams, type Location } from 'react-router';
import { DEFAULT_LIMIT, PAGE_SIZES, sortText, type Sort } from '@keymarket/contracts/pagination';
import { useSearchTerm } from './use-debounced';

/** What a list screen's URL holds, beside its filters. */
const PAGE = 'page';
const PAGE_SIZE = 'size';
const SORT = 'sort';

export type TableParams<Filter extends string, Column extends string> = {
  page: number;
  pageSize: number;
  /** The column the user sorted by, if any (the list's own order otherwise). */
  sort: Sort<Column> | undefined;
  /** Every declared filter's value, '' when unset. */
  filters: Record<Filter, string>;
  setPage: (page: number) => void;
  /** Changes the page size and goes back to the first page. */
  setPageSize: (size: number) => void;
  setSort: (sort: Sort<Column> | undefined) => void;
  /** Sets filters ('' clears one) and goes back to the first page. */
  setFilters: (changes: Partial<Record<Filter, string>>) => void;
};

/**
 * The state of a list screen (page, page size, sort and filters) kept in the URL, so a reload,
 * Back, or a link (the navbar search, a dashboard card) opens the list as it was. Filters are
 * declared by name; sorting is limited to the `sortable` columns; anything else in the URL is
 * ignored, and a value out of range falls back to the default instead of failing the request.
 *
 * A page is a history entry of its own, so Back returns to the previous page; a filter, sort or
 * page size replaces the entry instead: it is not navigation, and Back does not undo keystrokes.
 */
export function useTableParams<const Filter extends string, const Column extends string>({
  filters: filterNames,
  sortable,
}: {
  filters: readonly Filter[];
  sortable: readonly Column[];
}): TableParams<Filter, Column> {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // React Router hands `setParams` the params of the last render, and its navigation renders in
  // a transition that a busy page can put off: two changes before that render (both ends of a
  // date range, typed in a row) would both start from the same params, and the second would
  // drop the first. So a change starts from the params the previous change asked for, as long
  // as the page still shows the location that change started from: any navigation since (ours
  // rendered, a link, Back, even to the same URL) makes a new location, and its params win.
  const asked = useRef<{ from: Location; next: URLSearchParams } | null>(null);

  const update = useCallback(
    (changes: Record<string, string | undefined>, firstPage: boolean, push = false) => {
      const pending = asked.current?.from === location ? asked.current.next : undefined;
      const next = new URLSearchParams(pending ?? params);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (firstPage) next.delete(PAGE);
      asked.current = { from: location, next };
      setParams(next, { replace: !push });
    },
    [location, params, setParams],
  );

  const filters = Object.fromEntries(
    filterNames.map((name) => [name, params.get(name) ?? '']),
  ) as Record<Filter, string>;

  return {
    page: positiveInteger(params.get(PAGE)) ?? 1,
    pageSize: pageSizeOf(params.get(PAGE_SIZE)),
    sort: sortOf(params.get(SORT), sortable),
    filters,
    setPage: (page) => update({ [PAGE]: page > 1 ? String(page) : undefined }, false, true),
    setPageSize: (size) =>
      update({ [PAGE_SIZE]: size === DEFAULT_LIMIT ? undefined : String(size) }, true),
    setSort: (sort) => update({ [SORT]: sort && sortText(sort) }, true),
    setFilters: (changes) => update(changes, true),
  };
}

/**
 * A search box over a URL filter: the box answers every keystroke, the URL (and so the request)
 * follows once typing pauses, and a link that changes the filter refills the box.
 */
export function useSearchFilter(
  value: string,
  onSearch: (term: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  const term = useSearchTerm(text);
  // A new value from outside (a link, Back): shown at once, during render, not a frame late.
  if (value !== followed) {
    setFollowed(value);
    setText(value);
  }
  // Once typing has paused on the text in the box (not while a link's value is still being
  // caught up by the delay), the term becomes the filter; repeating it is harmless.
  const settled = term === text.trim() && term !== followed;
  useEffect(() => {
    if (settled) onSearch(term);
  }, [settled, term, onSearch]);
  return [text, setText];
}

function positiveInteger(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

function pageSizeOf(text: string | null): number {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIMIT;
}

function sortOf<Column extends string>(
  text: string | null,
  sortable: readonly Column[],
): Sort<Column> | undefined {
  if (!text) return undefined;
  const descending = text.startsWith('-');
  const by = descending ? text.slice(1) : text;
  const column = sortable.find((name) => name === by);
  return column && { by: column, direction: descending ? 'desc' : 'asc' };
}
