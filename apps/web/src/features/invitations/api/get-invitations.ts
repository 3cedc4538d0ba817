import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invitationSchema } from '@keymarket/contracts/invitations';
import { paginated, type PageQuery } from '@keymarket/contracts/pagination';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const invitationPageSchema = paginated(invitationSchema);

export function getInvitations({ page, limit }: PageQuery, signal?: AbortSignal) {
  return apiClient.get('/invitations/', invitationPageSchema, { query: { page, limit }, signal });
}

export const invitationsQueryOptions = (pageQuery: PageQuery) =>
  queryOptions({
    queryKey: [...queryKeys.invitations, pageQuery],
    queryFn: ({ signal }) => getInvitations(pageQuery, signal),
    // Keeps the current page on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useInvitations(pageQuery: PageQuery) {
  return useQuery(invitationsQueryOptions(pageQuery));
}
