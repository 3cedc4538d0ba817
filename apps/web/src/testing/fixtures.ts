import type { Invitation } from '@keymarket/contracts/invitations';
import type { Role, User } from '@keymarket/contracts/users';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11',
    username: 'nadia',
    firstName: 'Nadia',
    lastName: 'Haddad',
    email: 'nadia@example.com',
    phone: '+33612345678',
    role: 'reseller' satisfies Role,
    status: 'active',
    banReason: null,
    invitedBy: null,
    avatarUrl: null,
    country: 'FR',
    balance: { current: 120.5, total: 300, spent: 179.5, profit: 42.25 },
    orders: { total: 12, completed: 10, pending: 1, rejected: 1 },
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
    code: 'K7M2QX9P',
    role: 'reseller',
    status: 'unused',
    createdAt: '2025-02-01T09:00:00.000Z',
    expiresAt: '2025-02-08T09:00:00.000Z',
    usedAt: null,
    usedBy: null,
    ...overrides,
  };
}
