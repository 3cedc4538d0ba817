import { queryOptions, useQuery } from '@tanstack/react-query';
import { musicSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The background track: `{ url: null }` when none was uploaded. */
export function getMusic(signal?: AbortSignal) {
  return apiClient.get('/music', musicSchema, { signal });
}

export const musicQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.music,
    queryFn: ({ signal }) => getMusic(signal),
    staleTime: 5 * 60_000,
  });

export function useMusic() {
  return useQuery(musicQueryOptions());
}
