import { queryOptions, useQuery } from '@tanstack/react-query';
import { topupMethodListSchema } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

/** The methods the reader offers (administrators: the platform's). */
export const managedMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...topupsQueryKey, 'managed-methods'],
    queryFn: ({ signal }) =>
      apiClient.get('/topup-methods/managed', topupMethodListSchema, { signal }),
  });

export function useManagedMethods() {
  return useQuery(managedMethodsQueryOptions());
}
