import { queryOptions, useQuery } from '@tanstack/react-query';
import { upstreamListSchema } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every key of this feature's queries starts so: a change reads them all again. */
export const upstreamsQueryKey = queryKeys.upstreams;

export function getUpstreams(signal?: AbortSignal) {
  return apiClient.get('/upstreams', upstreamListSchema, { signal });
}

export const upstreamsQueryOptions = () =>
  queryOptions({ queryKey: upstreamsQueryKey, queryFn: ({ signal }) => getUpstreams(signal) });

export function useUpstreams() {
  return useQuery(upstreamsQueryOptions());
}
