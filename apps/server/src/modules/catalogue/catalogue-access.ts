import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/access';

/**
 * Services repeat the route's role rule before anything else: a route wired with the wrong
 * `access` must still not let a reseller edit the catalogue.
 */
export function requireRole(
  caller: AuthContext,
  roles: readonly Role[],
  text = 'You do not have permission to do this',
) {
  if (!roles.includes(caller.role)) throw new AppError('forbidden', text);
}

export const requireAdmin = (caller: AuthContext) =>
  requireRole(caller, ['admin'], 'Only an administrator can change the catalogue');
