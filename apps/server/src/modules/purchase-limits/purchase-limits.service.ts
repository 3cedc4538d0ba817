import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { fromCents, toCents } from '@keymarket/contracts/money';
import type { MyLimits, setUserLimitsSchema } from '@keymarket/contracts/purchase-limits';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMaySetLimitsOf } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { findUserById } from '../users/users.repository';
import { nextUtcMidnight, setUserLimits, usageToday } from './purchase-limits.repository';

type SetUserLimits = z.output<typeof setUserLimitsSchema>;

const smallest = (values: (number | null | undefined)[]) => {
  const set = values.filter((v): v is number => typeof v === 'number');
  return set.length ? Math.min(...set) : null;
};

/**
 * Purchase limits (docs/adr/0062-purchase-limits.md): who sets them and what is left of them.
 * `place_order` enforces them; this only writes and reads them.
 */
export class PurchaseLimitsService {
  constructor(private readonly db: Database) {}

  /** An inviter's (or an administrator's) limits on a user, audited. */
  async setForUser(caller: AuthContext, userId: string, input: SetUserLimits) {
    const target = assertMaySetLimitsOf(caller, await findUserById(this.db, userId));
    const dailySpendCapCents = input.dailySpendCap === null ? null : toCents(input.dailySpendCap);
    await this.db.transaction(async (tx) => {
      await setUserLimits(tx, target.id, {
        dailySpendCapCents,
        maxOrderQuantity: input.maxOrderQuantity,
      });
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.limits_set',
        targetType: 'user',
        targetId: target.id,
        before: {
          dailySpendCap:
            target.dailySpendCapCents === null ? null : fromCents(target.dailySpendCapCents),
          maxOrderQuantity: target.maxOrderQuantity,
        },
        after: input,
      });
    });
  }

  /** The caller's allowance now, and a product's when it names one. */
  async mine(caller: AuthContext, productId: string | undefined): Promise<MyLimits> {
    const usage = await usageToday(this.db, caller.userId, productId);
    if (!usage) throw new AppError('not_found', messages.userNotFound);
    if (productId && !usage.product) throw new AppError('not_found', messages.productNotFound);
    const spentToday = fromCents(BigInt(usage.spentTodayCents));
    const cap = usage.dailySpendCapCents;
    const { product } = usage;
    const quantityLeftToday = product?.maxDailyQuantity
      ? Math.max(0, product.maxDailyQuantity - product.boughtToday)
      : null;
    return {
      dailySpendCap: cap === null ? null : fromCents(cap),
      spentToday,
      spendLeftToday:
        cap === null
          ? null
          : fromCents(
              cap > BigInt(usage.spentTodayCents) ? cap - BigInt(usage.spentTodayCents) : 0n,
            ),
      maxOrderQuantity: usage.maxOrderQuantity,
      product: product ?? null,
      quantityLeft: smallest([
        usage.maxOrderQuantity,
        product?.maxOrderQuantity,
        quantityLeftToday,
      ]),
      quantityLeftToday,
      resetsAt: nextUtcMidnight(),
    };
  }
}
