import { useQuery } from '@tanstack/react-query';
import { homePathOf, roleResponseSchema } from '@keymarket/contracts/users';
import { apiClient } from '../api-client';
import { queryKeys } from '@/lib/query-keys';
import { readStoredRole } from '../stored-role';

/**
 * Where a visitor of the public pages (and of /login and /signup) who is signed in on this
 * browser belongs: its area's home, or null for a visitor without a session.
 *
 * Asked of the server only when a role is stored (a signed-out visitor costs no request), as a
 * probe: a session that has ended does not send the reader of a public page to /login. Only
 * the server's answer counts (kept small: this is on the login page's budget).
 */
export function useSignedInHome(): string | null {
  const stored = readStoredRole();
  const probe = useQuery({
    queryKey: queryKeys.signedInProbe,
    queryFn: async () =>
      (await apiClient.get('/users/me/role', roleResponseSchema, { probe: true })).role,
    enabled: stored !== null,
  });
  return probe.isSuccess ? homePathOf[probe.data] : null;
}
