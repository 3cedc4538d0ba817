import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerListSchema, type LedgerBucket, type LedgerKind } from '@keymarket/contracts/ledger';
import { apiClient } from './api-client';

/** Refetched after any movement of money (a transfer, an order) through this prefix. */
export const ledgerQueryKey = ['ledger'] as const;

/** A statement's query: the caller's own, or (admins) the user `userId`'s. */
export type LedgerQuery = {
  page: number;
  limit: number;
  userId?: string;
  bucket?: LedgerBucket;
  kind?: LedgerKind;
  from?: string;
  to?: string;
  /** `createdAt`, `-amount`…: the sort's URL text (contracts' sortParam). */
  sort?: string;
};

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
    queryKey: [...ledgerQueryKey, query],
    queryFn: ({ signal }) => getLedger(query, signal),
    placeholderData: keepPreviousData,
  });

export function useLedger(query: LedgerQuery) {
  return useQuery(ledgerQueryOptions(query));
}
