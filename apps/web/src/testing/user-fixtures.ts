import type { UserProfile, UserSummary } from '@keymarket/contracts/users-admin';
import { aUser } from './fixtures';

export const ADMIN_ID = '0c6a9f3e-2b1d-4e5f-8a7b-9c0d1e2f3a4b';
export const MANAGER_ID = '1d7b0a4f-3c2e-4f60-9b8c-0d1e2f3a4b5c';

/** A row of the Users table: a reseller invited by the admin, with a balance. */
export function aUserSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11',
    username: 'nadia',
    firstName: 'Nadia',
    lastName: 'Haddad',
    email: 'nadia@example.com',
    phone: '+33612345678',
    role: 'reseller',
    status: 'active',
    banReason: null,
    invitedBy: { id: ADMIN_ID, username: 'admin' },
    avatarUrl: null,
    country: 'FR',
    balance: 120.5,
    profit: 42.25,
    ordersTotal: 12,
    inviteesCount: 2,
    limits: { dailySpendCap: null, maxOrderQuantity: null, spentToday: 0 },
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function aUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    ...aUser({ invitedBy: { id: ADMIN_ID, username: 'admin' } }),
    invitees: [
      {
        id: '2e8c1b5a-4d3f-4a71-8c9d-1e2f3a4b5c6d',
        username: 'karim',
        role: 'reseller',
        status: 'active',
      },
      {
        id: '3f9d2c6b-5e4a-4b82-9d0e-2f3a4b5c6d7e',
        username: 'lina',
        role: 'reseller',
        status: 'banned',
      },
    ],
    inviteesCount: 2,
    package: { id: '4a0e3d7c-6f5b-4c93-8e1f-3a4b5c6d7e8f', name: 'Gold' },
    managerPackage: null,
    lastLoginAt: '2025-03-01T12:30:00.000Z',
    limits: { dailySpendCap: null, maxOrderQuantity: null, spentToday: 0 },
    ...overrides,
  };
}

export function aPage<T>(data: T[], total = data.length, page = 1, limit = 10) {
  return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
