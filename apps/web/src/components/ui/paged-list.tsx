import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import { Spinner } from './spinner';

type Page<Row> = {
  data: Row[];
  pagination: { totalPages: number; total?: number; totalExact?: boolean };
};

type PagedListProps<Row> = {
  query: UseQueryResult<Page<Row>>;
  page: number;
  onPageChange: (page: number) => void;
  /** With its handler, the reader chooses the page size and may jump to a page (Pagination). */
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  /** Shown when the page has no rows: a sentence, or a block of its own. */
  empty: ReactNode;
  /** The failure's title, when the list has a sentence of its own for it. */
  failure?: string;
  /** The rows of the page (never empty). */
  children: (rows: Row[]) => ReactNode;
};

/**
 * Every paginated list's frame: a spinner while the first page loads, the failure with a retry,
 * the empty state, the rows, and the page switcher under them.
 */
export function PagedList<Row>({
  query,
  page,
  onPageChange,
  pageSize,
  onPageSizeChange,
  empty,
  failure,
  children,
}: PagedListProps<Row>) {
  return (
    <>
      {query.isPending && (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      )}
      {query.isError && (
        <LoadError title={failure} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess &&
        (query.data.data.length === 0 ? (
          typeof empty === 'string' ? (
            <p className="py-8 text-center text-sm text-muted">{empty}</p>
          ) : (
            empty
          )
        ) : (
          children(query.data.data)
        ))}
      {query.isSuccess && (
        <Pagination
          page={page}
          totalPages={query.data.pagination.totalPages}
          onPageChange={onPageChange}
          pageSize={pageSize}
          onPageSizeChange={onPageSizeChange}
          total={query.data.pagination.total}
          totalExact={query.data.pagination.totalExact}
        />
      )}
    </>
  );
}
