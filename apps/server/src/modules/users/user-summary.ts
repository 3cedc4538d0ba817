import { fromCents } from '@keymarket/contracts/money';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import type { UserSummaryRow } from './users-admin.repository';

export function userSummaryView(row: UserSummaryRow): UserSummary {
  const { user } = row;
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    status: user.status,
    banReason: user.banReason,
    invitedBy: row.inviter?.id ? { id: row.inviter.id, username: row.inviter.username } : null,
    avatarUrl: user.avatarFileId ? `/api/files/${user.avatarFileId}` : null,
    country: user.lastLoginCountry ?? user.signupCountry,
    balance: fromCents(user.balanceCents),
    profit: fromCents(user.profitCents),
    ordersTotal: row.ordersTotal,
    inviteesCount: row.inviteesCount,
    createdAt: user.createdAt.toISOString(),
  };
}
