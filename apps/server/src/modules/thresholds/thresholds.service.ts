import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_MIN_PROFIT_TO_CONVERT,
  type convertProfitSchema,
} from '@keymarket/contracts/balance';
import { messages } from '@keymarket/contracts/messages';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import { orders, settings, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/access';
import { creditBucket, debitBucket, writeAudit } from '../ledger/ledger.repository';
import { selfAndDownlineIds } from '../users/downline';
import { retryOnConflict } from '../../lib/transactions';

const KEY = 'thresholds';

export class ThresholdsService {
  constructor(private readonly db: Database) {}

  async read(db: Executor = this.db) {
    const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
    const value = row?.value as { minProfitToConvert?: number } | undefined;
    return { minProfitToConvert: value?.minProfitToConvert ?? DEFAULT_MIN_PROFIT_TO_CONVERT };
  }

  async update(caller: AuthContext, minProfitToConvert: number) {
    const before = await this.read();
    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: KEY, value: { minProfitToConvert } })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: { minProfitToConvert }, updatedAt: sql`now()` },
          });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'thresholds.update',
          targetType: 'settings',
          targetId: KEY,
          before,
          after: { minProfitToConvert },
        });
      }),
    );
    return { minProfitToConvert };
  }

  /**
   * Moves profit to the balance. Refused while any order of the caller or its downline is pending:
   * a pending order may still be rejected, and its margins must not be spent before then.
   */
  async convert(caller: AuthContext, input: z.output<typeof convertProfitSchema>) {
    if (caller.role === 'admin')
      throw new AppError('forbidden', 'Administrators have no profit to convert');
    return retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        // Lock the caller's row: two conversions at once must see each other's result.
        const [me] = await tx
          .select({ profitCents: users.profitCents })
          .from(users)
          .where(eq(users.id, caller.userId))
          .for('update');
        const [pending] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(
            sql`${orders.status} = 'pending' and ${orders.buyerId} in ${selfAndDownlineIds(caller.userId)}`,
          );
        if ((pending?.n ?? 0) > 0) {
          throw new AppError(
            'pending_orders',
            `${messages.failedToConvertProfit}: ${pending!.n} order(s) are still pending`,
          );
        }
        const { minProfitToConvert } = await this.read(tx);
        const profitCents = me?.profitCents ?? 0n;
        const minimumCents = toCents(minProfitToConvert);
        if (profitCents < minimumCents || profitCents === 0n) {
          throw new AppError(
            'below_threshold',
            `You need at least ${formatAmount(minProfitToConvert)} of profit to convert`,
          );
        }
        const amountCents = input.amount === undefined ? profitCents : toCents(input.amount);
        const profitAfter = await debitBucket(tx, caller.userId, 'profit', amountCents, {
          kind: 'conversion',
          actorId: caller.userId,
        });
        if (profitAfter === undefined) {
          throw new AppError('validation', 'The amount exceeds your profit', [
            { path: 'body.amount', message: 'The amount exceeds your profit' },
          ]);
        }
        const balanceAfter = await creditBucket(tx, caller.userId, 'balance', amountCents, {
          kind: 'conversion',
          actorId: caller.userId,
        });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'profit.convert',
          targetType: 'user',
          targetId: caller.userId,
          before: { profitCents, balanceCents: balanceAfter - amountCents },
          after: { profitCents: profitAfter, balanceCents: balanceAfter },
        });
        return {
          converted: fromCents(amountCents),
          balance: fromCents(balanceAfter),
          profit: fromCents(profitAfter),
        };
      }),
    );
  }
}
