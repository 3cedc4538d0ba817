import type { z } from 'zod';
import type { balanceChangeSchema } from '@keymarket/contracts/balance';
import type { V1Balance } from '@keymarket/contracts/integration';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMayChangeBalanceOf, assertMayRemoveBalance, isAdmin } from '../access/policy';
import { creditBucket, debitBucket, writeAudit } from '../ledger/ledger.repository';
import { findUserById, lockUserRow } from '../users/users.repository';
import { retryOnConflict } from '../../lib/transactions';

type BalanceChange = z.output<typeof balanceChangeSchema>;

/**
 * Admins deposit and withdraw (the only ways money enters or leaves the platform); a manager or
 * reseller can only transfer out of its own balance to one of its direct invitees.
 */
export class BalanceService {
  constructor(private readonly db: Database) {}

  /** The caller's own buckets, USD (GET /v1/balance). */
  async own(caller: AuthContext): Promise<V1Balance> {
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    return { balance: fromCents(user.balanceCents), profit: fromCents(user.profitCents) };
  }

  async add(caller: AuthContext, targetId: string, input: BalanceChange) {
    const target = assertMayChangeBalanceOf(caller, await findUserById(this.db, targetId));
    const amountCents = toCents(input.amount);
    const after = await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        if (isAdmin(caller)) {
          const balance = await creditBucket(tx, target.id, 'balance', amountCents, {
            kind: 'deposit',
            actorId: caller.userId,
            note: input.note,
          });
          await writeAudit(tx, {
            actorId: caller.userId,
            action: 'balance.deposit',
            targetType: 'user',
            targetId: target.id,
            before: { balanceCents: balance - amountCents },
            after: { balanceCents: balance },
          });
          return balance;
        }
        // The invitee's row before our own, as the lock order has it (docs/money.md). NO KEY
        // UPDATE, as every lock on a user row: a ledger row or an order naming the invitee (the
        // profit fold writes them while holding our row) takes a KEY SHARE lock on it, which FOR
        // UPDATE would make wait, and the fold then waited on us waiting on it: a deadlock.
        await lockUserRow(tx, target.id);
        const own = await debitBucket(tx, caller.userId, 'balance', amountCents, {
          kind: 'transfer',
          actorId: caller.userId,
          counterpartyId: target.id,
          note: input.note,
        });
        if (own === undefined) {
          throw new AppError(
            'insufficient_balance',
            `Your balance is too low to transfer ${formatAmount(input.amount)}`,
          );
        }
        const balance = await creditBucket(tx, target.id, 'balance', amountCents, {
          kind: 'transfer',
          actorId: caller.userId,
          counterpartyId: caller.userId,
          note: input.note,
        });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'balance.transfer',
          targetType: 'user',
          targetId: target.id,
          before: { balanceCents: balance - amountCents },
          after: { balanceCents: balance, fromUserBalanceCents: own },
        });
        return balance;
      }),
    );
    return { user: { id: target.id, username: target.username }, balance: fromCents(after) };
  }

  async remove(caller: AuthContext, targetId: string, input: BalanceChange) {
    assertMayRemoveBalance(caller);
    const target = assertMayChangeBalanceOf(caller, await findUserById(this.db, targetId));
    const amountCents = toCents(input.amount);
    const after = await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const balance = await debitBucket(tx, target.id, 'balance', amountCents, {
          kind: 'withdrawal',
          actorId: caller.userId,
          note: input.note,
        });
        if (balance === undefined) {
          throw new AppError(
            'insufficient_balance',
            `${target.username} has less than ${formatAmount(input.amount)}`,
          );
        }
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'balance.withdrawal',
          targetType: 'user',
          targetId: target.id,
          before: { balanceCents: balance + amountCents },
          after: { balanceCents: balance },
        });
        return balance;
      }),
    );
    return { user: { id: target.id, username: target.username }, balance: fromCents(after) };
  }
}
