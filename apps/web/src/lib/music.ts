import { queryOptions, useQuery } from '@tanstack/react-query';
import { musicSchema } from '@keymarket/contracts/settings';
import { apiClient } from './api-client';

/** The top bar's player, and the admin's music settings, whose upload replaces it. */
export const musicQueryKey = ['music'] as const;

/** The background track: `{ url: null }` when none was uploaded. */
export function getMusic(signal?: AbortSignal) {
  return apiClient.get('/music', musicSchema, { signal });
}

export const musicQueryOptions = () =>
  queryOptions({
    queryKey: musicQueryKey,
    queryFn: ({ signal }) => getMusic(signal),
    staleTime: 5 * 60_000,
  });

export function useMusic() {
  return useQuery(musicQueryOptions());
}
