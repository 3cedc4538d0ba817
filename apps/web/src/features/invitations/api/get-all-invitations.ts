import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  platformInvitationSchema,
  type allInvitationsQuerySchema,
} from '@keymarket/contracts/invitations';
import { paginated } from '@keymarket/contracts/pagination';
import { apiClient } from '@/lib/api-client';
import type { ListQuery } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

const platformInvitationPageSchema = paginated(platformInvitationSchema);

/** GET /invitations/all's filters as the screen sends them; undefined filters nothing. */
export type AllInvitationsQuery = ListQuery<typeof allInvitationsQuerySchema>;

/** The filters without page and size: what the CSV export takes. */
export function allInvitationsFilters({
  page: _page,
  limit: _limit,
  ...filters
}: AllInvitationsQuery) {
  return filters;
}

export const allInvitationsQueryOptions = (query: AllInvitationsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.invitations, 'all', query],
    queryFn: ({ signal }) =>
      apiClient.get('/invitations/all', platformInvitationPageSchema, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useAllInvitations(query: AllInvitationsQuery) {
  return useQuery(allInvitationsQueryOptions(query));
}
