import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@keymarket/contracts/users';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useCurrentRole } from '@/lib/auth/current-role';
import { loginPathFor } from '@/lib/redirect';
import { LoadFailure } from './load-failure';

/** Lets through only a signed-in user whose role (as the server says) may use this area. */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const location = useLocation();
  const roleQuery = useCurrentRole();

  if (roleQuery.isPending) return <FullPageSpinner />;

  if (roleQuery.isError) {
    // By now the API client has tried a refresh; a 401 here means there is no session.
    if (roleQuery.error instanceof ApiError && roleQuery.error.status === 401) {
      return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
    }
    return <LoadFailure error={roleQuery.error} onRetry={() => void roleQuery.refetch()} />;
  }

  // `/` picks the right area: getCurrentRole has just stored the server's role for it.
  if (!allowed.includes(roleQuery.data)) return <Navigate to="/" replace />;

  return <Outlet />;
}
