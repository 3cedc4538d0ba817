import { queryOptions, useQuery } from '@tanstack/react-query';
import { topupMethodListSchema } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every top-up query starts with this key: a decision or a new method refreshes them all. */
export const topupsQueryKey = queryKeys.topups;

/** The enabled methods the reader may pay its funder with. */
export const topupMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...topupsQueryKey, 'methods'],
    queryFn: ({ signal }) => apiClient.get('/topup-methods', topupMethodListSchema, { signal }),
  });

export function useTopupMethods() {
  return useQuery(topupMethodsQueryOptions());
}
