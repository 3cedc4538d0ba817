import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleResponseSchema } from '@keymarket/contracts/users';
import { apiClient } from '../api-client';
import { storeRole } from '../stored-role';
import { queryKeys } from '@/lib/query-keys';

export async function getCurrentRole() {
  const { role } = await apiClient.get('/users/me/role', roleResponseSchema);
  // `/` redirects by the stored role while the area guards trust this answer; keeping the two in
  // step stops a stale stored role from bouncing the user between `/` and an area forever.
  storeRole(role);
  return role;
}

/** The specification's "cached, never stale" role: it only changes through a new session. */
export const currentRoleQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.currentRole, queryFn: getCurrentRole, staleTime: Infinity });

export function useCurrentRole() {
  return useQuery(currentRoleQueryOptions());
}
