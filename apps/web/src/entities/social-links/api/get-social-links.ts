import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialLinksResponseSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSocialLinks(signal?: AbortSignal) {
  return apiClient.get('/social-links/get-social-links', socialLinksResponseSchema, { signal });
}

export const socialLinksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.socialLinks,
    queryFn: ({ signal }) => getSocialLinks(signal),
    // They change rarely; the footer on every public page need not ask again on each visit.
    staleTime: 5 * 60_000,
  });

export function useSocialLinks() {
  return useQuery(socialLinksQueryOptions());
}
