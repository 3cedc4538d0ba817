import { describe, expect, it } from 'vitest';
import { ADMIN_ID, MANAGER_ID, aUserSummary } from '@/testing/user-fixtures';
import { actionsFor } from './user-actions';

const admin = { id: ADMIN_ID, role: 'admin' } as const;
const manager = { id: MANAGER_ID, role: 'manager' } as const;

describe('actionsFor', () => {
  it('gives an admin every action on an active reseller, upgrade included', () => {
    expect(actionsFor(admin, aUserSummary())).toEqual([
      'profile',
      'edit',
      'addBalance',
      'removeBalance',
      'assignPackage',
      'limits',
      'resetPassword',
      'upgrade',
      'suspend',
      'ban',
      'resetTwoFactor',
    ]);
  });

  it('offers activation instead of suspension, and no second ban, to a banned user', () => {
    const actions = actionsFor(admin, aUserSummary({ role: 'manager', status: 'banned' }));
    expect(actions).toContain('activate');
    expect(actions).not.toContain('suspend');
    expect(actions).not.toContain('ban');
    expect(actions).not.toContain('upgrade');
  });

  it('lets an admin only view and edit another admin, and only view itself', () => {
    expect(actionsFor(admin, aUserSummary({ id: MANAGER_ID, role: 'admin' }))).toEqual([
      'profile',
      'edit',
    ]);
    expect(actionsFor(admin, aUserSummary({ id: ADMIN_ID, role: 'admin' }))).toEqual(['profile']);
  });

  it('lets a manager view, give balance to, assign a package to and limit its direct invitees only', () => {
    const direct = aUserSummary({ invitedBy: { id: MANAGER_ID, username: 'mona' } });
    const deeper = aUserSummary({ invitedBy: { id: direct.id, username: direct.username } });
    expect(actionsFor(manager, direct)).toEqual(['profile', 'transfer', 'assignPackage', 'limits']);
    expect(actionsFor(manager, deeper)).toEqual([]);
  });

  it('gives a reseller no packages to assign', () => {
    const reseller = { id: MANAGER_ID, role: 'reseller' } as const;
    const direct = aUserSummary({ invitedBy: { id: MANAGER_ID, username: 'rami' } });
    expect(actionsFor(reseller, direct)).toEqual(['profile', 'transfer', 'limits']);
  });
});
