import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '../api-client';

/**
 * The category tree, shared by the shop's shelves and the admin's catalogue screens: an admin's
 * change invalidates this one key and every screen showing categories refreshes.
 */
export const categoriesQueryKey = ['categories'] as const;

export function getCategories(signal?: AbortSignal) {
  return apiClient.get('/categories', categoryListSchema, { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    // Categories change rarely; browsing between them should not refetch the tree.
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
