import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, paginated } from '@keymarket/contracts/pagination';
import { userSummarySchema, type UserSummary } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PackageKind } from '@/entities/packages/api/assign-package';

const userPageSchema = paginated(userSummarySchema);

// Enough to pick from; the search narrows the rest.
const ADMIN_CANDIDATES = 20;

/**
 * Who may receive a package. An admin package suits the users the platform prices: managers,
 * and resellers an administrator invited (the server refuses a reseller some manager or reseller
 * prices, so the list leaves them out). A manager's package suits only a user it invited itself
 * (`direct`: deeper invitees left out).
 */
export async function getAssignableUsers(
  kind: PackageKind,
  search: string,
  signal?: AbortSignal,
): Promise<UserSummary[]> {
  if (kind === 'admin') {
    const [page, admins] = await Promise.all([
      apiClient.get('/users/get-all-users', userPageSchema, {
        query: { search: search || undefined, limit: ADMIN_CANDIDATES },
        signal,
      }),
      apiClient.get('/users/get-all-users', userPageSchema, {
        query: { role: 'admin', limit: MAX_LIMIT },
        signal,
      }),
    ]);
    const adminIds = new Set(admins.data.map((admin) => admin.id));
    return page.data.filter(
      (user) =>
        user.role === 'manager' ||
        (user.role === 'reseller' && adminIds.has(user.invitedBy?.id ?? '')),
    );
  }
  const page = await apiClient.get('/users/downline', userPageSchema, {
    query: { direct: true, search: search || undefined, limit: MAX_LIMIT },
    signal,
  });
  return page.data;
}

export function useAssignableUsers(kind: PackageKind, search: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.users, 'package-candidates', kind, search],
      queryFn: ({ signal }) => getAssignableUsers(kind, search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
