import { Navigate } from 'react-router';
import { homePathOf } from '@keymarket/contracts/users';
import { readStoredRole } from '@/lib/stored-role';

/**
 * `/` sends each role to its area by the role kept in local storage (specification §2), without
 * a request; the area's own guard then checks the session and the role with the server.
 */
export function RootRedirect() {
  const role = readStoredRole();
  return <Navigate to={role ? homePathOf[role] : '/login'} replace />;
}
