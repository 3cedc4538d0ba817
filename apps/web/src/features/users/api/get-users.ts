import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paginated } from '@keymarket/contracts/pagination';
import type { Role, UserStatus } from '@keymarket/contracts/users';
import { userSummarySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';

/**
 * Every users query (list, downline, profile) lives under `['users']`, beside the current user
 * (`['users', 'me']`): after an action, one invalidation refreshes the table, the open profile and
 * the caller's own balance (a transfer spends it).
 */
export const usersQueryKey = ['users'] as const;

export const userPageSchema = paginated(userSummarySchema);

/** The query of GET /users/get-all-users and /users/downline (usersQuerySchema). */
export type UsersQuery = {
  page: number;
  limit: number;
  role?: Role;
  status?: UserStatus;
  search?: string;
  /** `sortParam`'s text: `username`, `-balance`. */
  sort?: string;
};

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
    queryKey: [...usersQueryKey, scope, query],
    queryFn: ({ signal }) => getUsers(scope, query, signal),
    // Keeps the current page on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useUsers(scope: UsersScope, query: UsersQuery) {
  return useQuery(usersQueryOptions(scope, query));
}
