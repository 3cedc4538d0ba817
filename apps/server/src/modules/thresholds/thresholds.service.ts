import type { z } from 'zod';
import type { convertProfitSchema } from '@keymarket/contracts/balance';
import { messages } from '@keymarket/contracts/messages';
import { formatAmount, fromCents, toCents } from '@keymarket/contracts/money';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readSetting, SETTINGS, writeSetting } from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { assertMayConvertProfit, requireAdmin } from '../access/policy';
import { creditBucket, debitBucket, writeAudit } from '../ledger/ledger.repository';
import { retryOnConflict } from '../../lib/transactions';
import { foldUserProfit } from '../ledger/profit-accruals';
import { lockProfitOf, pendingOrdersOf } from './thresholds.repository';

export class ThresholdsService {
  constructor(private readonly db: Database) {}

  async read(db: Executor = this.db) {
    return readSetting(db, SETTINGS.thresholds);
  }

  async update(caller: AuthContext, minProfitToConvert: number) {
    requireAdmin(caller);
    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const before = await readSetting(tx, SETTINGS.thresholds, { forUpdate: true });
        await writeSetting(tx, SETTINGS.thresholds, { minProfitToConvert });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'thresholds.update',
          targetType: 'settings',
          targetId: SETTINGS.thresholds.key,
          before,
          after: { minProfitToConvert },
        });
      }),
    );
    return { minProfitToConvert };
  }

  /**
   * Moves profit to the balance (all of it, or `amount` of it, never less than the minimum).
   * Refused while an order the caller itself placed is pending (the specification's rule). A
   * downline's pending order does not block: its margins are credited only when it completes,
   * so a rejection never takes back profit that could already have been converted.
   */
  async convert(caller: AuthContext, input: z.output<typeof convertProfitSchema>) {
    assertMayConvertProfit(caller);
    return retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        // Lock the caller's row: two conversions at once must see each other's result. The
        // margins its downline's sales left pending are entered first, under that lock, so all
        // the profit earned can be converted.
        await foldUserProfit(tx, caller.userId);
        const me = await lockProfitOf(tx, caller.userId);
        const pendingCount = await pendingOrdersOf(tx, caller.userId);
        if (pendingCount > 0) {
          throw new AppError(
            'pending_orders',
            `${messages.failedToConvertProfit}: ${pendingCount} of your orders ${pendingCount === 1 ? 'is' : 'are'} still pending`,
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
        if (amountCents < minimumCents) {
          throw new AppError(
            'below_threshold',
            `You can convert no less than ${formatAmount(minProfitToConvert)} at a time`,
          );
        }
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
