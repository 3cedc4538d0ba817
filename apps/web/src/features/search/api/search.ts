import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchResultsSchema } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSearchResults(query: string, signal?: AbortSignal) {
  return apiClient.get('/analytics/search', searchResultsSchema, { query: { query }, signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'search', query],
    queryFn: ({ signal }) => getSearchResults(query, signal),
    // A blank query is a validation error on the server: ask only once there is something.
    enabled: query.length > 0,
    // The last answer stays listed while the next is on its way, so the list does not flicker.
    placeholderData: keepPreviousData,
  });

export function useSearch(query: string) {
  return useQuery(searchQueryOptions(query));
}
