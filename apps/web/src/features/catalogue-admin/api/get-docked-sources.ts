import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  dockedProductSourceListSchema,
  type DockedProductSource,
} from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Each docked product's supplier (DESIGN.md §14): what the products list names as its source. */
export function getDockedSources(signal?: AbortSignal) {
  return apiClient.get('/upstreams/docked-products', dockedProductSourceListSchema, { signal });
}

export const dockedSourcesQueryOptions = () =>
  queryOptions({
    // Under the suppliers' root: docking more products there refreshes it.
    queryKey: [...queryKeys.upstreams, 'docked-products'],
    queryFn: ({ signal }) => getDockedSources(signal),
    select: (list) => new Map<string, DockedProductSource>(list.data.map((s) => [s.productId, s])),
  });

export function useDockedSources() {
  return useQuery(dockedSourcesQueryOptions());
}
