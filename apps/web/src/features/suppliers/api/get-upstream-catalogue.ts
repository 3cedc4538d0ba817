import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { upstreamCatalogueSchema } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

export interface CatalogueQuery {
  page: number;
  search: string;
}

export function getUpstreamCatalogue(id: string, query: CatalogueQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), limit: '25' });
  if (query.search) params.set('search', query.search);
  return apiClient.get(`/upstreams/${id}/catalogue?${params.toString()}`, upstreamCatalogueSchema, {
    signal,
  });
}

export const upstreamCatalogueQueryOptions = (id: string, query: CatalogueQuery) =>
  queryOptions({
    queryKey: [...upstreamsQueryKey, id, 'catalogue', query],
    queryFn: ({ signal }) => getUpstreamCatalogue(id, query, signal),
    placeholderData: keepPreviousData,
  });

export function useUpstreamCatalogue(id: string, query: CatalogueQuery) {
  return useQuery(upstreamCatalogueQueryOptions(id, query));
}
