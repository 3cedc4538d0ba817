import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { topupListSchema, type TopupsQueryInput } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

/** `mine`: the reader's own requests; `incoming`: those it decides. */
export type TopupListKind = 'mine' | 'incoming';

export const topupListPath = (kind: TopupListKind) =>
  kind === 'mine' ? '/topups' : '/topups/incoming';

export function topupSearch(query: TopupsQueryInput): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      params.set(name, String(value));
    }
  }
  return params.toString();
}

export const topupsQueryOptions = (kind: TopupListKind, query: TopupsQueryInput) =>
  queryOptions({
    queryKey: [...topupsQueryKey, kind, query],
    queryFn: ({ signal }) =>
      apiClient.get(`${topupListPath(kind)}?${topupSearch(query)}`, topupListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export function useTopups(kind: TopupListKind, query: TopupsQueryInput) {
  return useQuery(topupsQueryOptions(kind, query));
}
