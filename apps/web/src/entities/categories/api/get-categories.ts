import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getCategories(signal?: AbortSignal) {
  return apiClient.get('/categories', categoryListSchema, { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    // Categories change rarely; browsing between them should not refetch the tree.
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
