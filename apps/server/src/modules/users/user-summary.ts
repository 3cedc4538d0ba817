import { fromCents } from '@keymarket/contracts/money';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import type { CsvColumn } from '../../lib/csv';
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
    limits: limitsView(row.user, row.spentTodayCents),
    createdAt: user.createdAt.toISOString(),
  };
}

/** A user's purchase limits as read back on it, with its spend since 00:00 UTC. */
export function limitsView(
  user: Pick<UserSummaryRow['user'], 'dailySpendCapCents' | 'maxOrderQuantity'>,
  spentTodayCents: string | bigint,
): UserSummary['limits'] {
  return {
    dailySpendCap: user.dailySpendCapCents === null ? null : fromCents(user.dailySpendCapCents),
    maxOrderQuantity: user.maxOrderQuantity,
    spentToday: fromCents(BigInt(spentTodayCents)),
  };
}

/** The users export's columns: the Users table's, with names, contacts and money. */
export const userCsvColumns: CsvColumn<UserSummaryRow>[] = [
  { header: 'User', cell: (r) => r.user.id },
  { header: 'Username', cell: (r) => r.user.username },
  { header: 'First name', cell: (r) => r.user.firstName },
  { header: 'Last name', cell: (r) => r.user.lastName },
  { header: 'Email', cell: (r) => r.user.email },
  { header: 'Phone', cell: (r) => r.user.phone },
  { header: 'Role', cell: (r) => r.user.role },
  { header: 'Status', cell: (r) => r.user.status },
  { header: 'Invited by', cell: (r) => r.inviter?.username },
  { header: 'Country', cell: (r) => r.user.lastLoginCountry ?? r.user.signupCountry },
  { header: 'Balance (USD)', cell: (r) => fromCents(r.user.balanceCents) },
  { header: 'Profit (USD)', cell: (r) => fromCents(r.user.profitCents) },
  { header: 'Orders', cell: (r) => r.ordersTotal },
  { header: 'Invitees', cell: (r) => r.inviteesCount },
  { header: 'Joined (UTC)', cell: (r) => r.user.createdAt.toISOString() },
];
