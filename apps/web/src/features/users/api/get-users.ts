import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paginated } from '@keymarket/contracts/pagination';
import { userSummarySchema, type usersQuerySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery } from '@/lib/list-query';

export const userPageSchema = paginated(userSummarySchema);

/** The query of GET /users/get-all-users and /users/downline. */
export type UsersQuery = ListQuery<typeof usersQuerySchema>;

/** Whose users: everyone (admin) or the caller's own downline (manager, reseller). */
export type UsersScope = 'all' | 'downline';

const pathOf: Record<UsersScope, string> = {
  all: '/users/get-all-users',
  downline: '/users/downline',
};

export function getUsers(scope: UsersScope, query: UsersQuery, signal?: AbortSignal) {
  return apiClient.get(pathOf[scope], userPageSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const usersQueryOptions = (scope: UsersScope, query: UsersQuery) =>
  queryOptions({
    queryKey: [...queryKeys.users, scope, query],
    queryFn: ({ signal }) => getUsers(scope, query, signal),
    // Keeps the current page on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useUsers(scope: UsersScope, query: UsersQuery) {
  return useQuery(usersQueryOptions(scope, query));
}
