import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListSchema } from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';

/** The categories docked products can go into. */
export const dockCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['upstreams', 'categories'],
    queryFn: ({ signal }) => apiClient.get('/categories', categoryListSchema, { signal }),
  });

export function useDockCategories() {
  return useQuery(dockCategoriesQueryOptions());
}
