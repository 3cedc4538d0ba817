import { fromCents } from '@keymarket/contracts/money';
import type { User } from '@keymarket/contracts/users';
import type { Executor } from '../../db/client';
import { balanceTotals, findUserById, type UserRow } from './users.repository';
import { orderCountsOf } from './order-counts';

/** The full user as its owner or an admin sees it (GET /users/me and admin profiles). */
export async function userView(db: Executor, user: UserRow): Promise<User> {
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const totals = await balanceTotals(db, user.id);
  const orders = await orderCountsOf(db, user.id);
  const inviter = user.invitedById ? await findUserById(db, user.invitedById) : undefined;
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
    invitedBy: inviter ? { id: inviter.id, username: inviter.username } : null,
    avatarUrl: user.avatarFileId ? `/api/files/${user.avatarFileId}` : null,
    country: user.lastLoginCountry ?? user.signupCountry,
    balance: balanceView(user, totals),
    orders,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The `balance` block: the buckets on the row, `total` and `spent` from the ledger. */
export function balanceView(
  user: Pick<UserRow, 'balanceCents' | 'profitCents'>,
  totals: { totalCents: bigint; spentCents: bigint },
): User['balance'] {
  return {
    current: fromCents(user.balanceCents),
    total: fromCents(totals.totalCents),
    spent: fromCents(totals.spentCents),
    profit: fromCents(user.profitCents),
  };
}
