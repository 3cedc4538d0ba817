import type { Role } from '@keymarket/contracts/users';
import type { UserSummary } from '@keymarket/contracts/users-admin';

/** Everything a row of the Users table can open; each opens its own dialog. */
export const userActions = [
  'profile',
  'edit',
  'addBalance',
  'removeBalance',
  'transfer',
  'assignPackage',
  'limits',
  'resetPassword',
  'upgrade',
  'suspend',
  'activate',
  'ban',
  'resetTwoFactor',
] as const;
export type UserAction = (typeof userActions)[number];

export type Viewer = { id: string; role: Role };

/**
 * What `viewer` may do to `target`, mirroring the server's rules so that no menu item leads to a
 * refusal: an admin acts on everyone but itself (other admins only get edited); a manager or
 * reseller views, gives balance to and sets the purchase limits of its direct invitees only, and
 * a manager assigns them its own packages.
 */
export function actionsFor(viewer: Viewer, target: UserSummary): UserAction[] {
  if (target.id === viewer.id) return ['profile'];
  if (viewer.role !== 'admin') {
    if (target.invitedBy?.id !== viewer.id) return [];
    return viewer.role === 'manager'
      ? ['profile', 'transfer', 'assignPackage', 'limits']
      : ['profile', 'transfer', 'limits'];
  }
  if (target.role === 'admin') return ['profile', 'edit'];
  const actions: UserAction[] = [
    'profile',
    'edit',
    'addBalance',
    'removeBalance',
    'assignPackage',
    'limits',
    'resetPassword',
  ];
  if (target.role === 'reseller') actions.push('upgrade');
  if (target.status === 'active') actions.push('suspend');
  if (target.status !== 'active') actions.push('activate');
  if (target.status !== 'banned') actions.push('ban');
  actions.push('resetTwoFactor');
  return actions;
}
