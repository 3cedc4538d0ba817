import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerListSchema, type ledgerQuerySchema } from '@keymarket/contracts/ledger';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery } from '@/lib/list-query';

/** A statement's query (ledgerQuerySchema): the caller's own, or (admins) the user `userId`'s. */
export type LedgerQuery = ListQuery<typeof ledgerQuerySchema>;

/** The filters of a statement without its page: what its CSV export takes. */
export function ledgerFilters({
  page: _page,
  limit: _limit,
  sort: _sort,
  ...filters
}: LedgerQuery) {
  return filters;
}

export function getLedger(query: LedgerQuery, signal?: AbortSignal) {
  return apiClient.get('/ledger', ledgerListSchema, { query, signal });
}

export const ledgerQueryOptions = (query: LedgerQuery) =>
  queryOptions({
    queryKey: [...queryKeys.ledger, query],
    queryFn: ({ signal }) => getLedger(query, signal),
    placeholderData: keepPreviousData,
  });

export function useLedger(query: LedgerQuery) {
  return useQuery(ledgerQueryOptions(query));
}
