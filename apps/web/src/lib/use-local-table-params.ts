import { useState } from 'react';
import { DEFAULT_LIMIT, type Sort } from '@keymarket/contracts/pagination';
import type { TableParams } from './use-table-params';

/**
 * A list's page, size, sort and filters held by the component rather than the URL
 * (useTableParams): for a list inside a dialog, whose state must not take over the address of
 * the screen beneath it.
 */
export function useLocalTableParams<const Filter extends string, const Column extends string>({
  filters: filterNames,
}: {
  filters: readonly Filter[];
  sortable: readonly Column[];
}): TableParams<Filter, Column> {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState<number>(DEFAULT_LIMIT);
  const [sort, setSorted] = useState<Sort<Column> | undefined>();
  const [filters, setFilterValues] = useState(
    () => Object.fromEntries(filterNames.map((name) => [name, ''])) as Record<Filter, string>,
  );
  return {
    page,
    pageSize,
    sort,
    filters,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
    setSort: (next) => {
      setSorted(next);
      setPage(1);
    },
    setFilters: (changes) => {
      setFilterValues((current) => ({ ...current, ...changes }));
      setPage(1);
    },
  };
}
