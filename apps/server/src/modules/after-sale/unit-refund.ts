/**
 * The money of one refunded unit (DESIGN.md §11), the single owner of that movement: the buyer
 * gets the unit price back, and each seller of the order's chain gives back the margin that unit
 * paid it, from its profit and, where that falls short, from its balance. The platform's share
 * comes back from the platform, as a rejected order's does.
 *
 * Rows are locked in the lock order (docs/money.md): the buyer's (its credit), then
 * each seller's, nearest the buyer first. Each seller's row is read FOR UPDATE before its split
 * between profit and balance is decided, so a profit conversion racing the refund either ran
 * before (the refund then takes the converted money from the balance) or waits for it: no bucket
 * goes below zero, and each ledger row's balanceAfter follows the one before it.
 */
import { sql } from 'drizzle-orm';
import { messageTemplates } from '@keymarket/contracts/messages';
import { formatAmount, fromCents } from '@keymarket/contracts/money';
import { rowsOf, type Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { creditBucket, debitBucket, type LedgerContext } from '../ledger/ledger.repository';
import { profitMargins } from '../orders/profit';
import { foldUserProfit } from '../ledger/profit-accruals';

export interface UnitRefund {
  refundCents: bigint;
  reversals: { sellerId: string; fromProfitCents: bigint; fromBalanceCents: bigint }[];
}

export async function refundUnit(
  tx: Executor,
  order: OrderRow,
  keyIndex: number,
  /** Null when the supplier of a docked order refunded the unit (after-sale across platforms). */
  actorId: string | null,
): Promise<UnitRefund> {
  const note = `Key ${keyIndex + 1} of the order refunded`;
  const refundCents = order.unitPriceCents;
  if (refundCents > 0n) {
    await creditBucket(tx, order.buyerId, 'balance', refundCents, {
      kind: 'refund_unit',
      actorId,
      orderId: order.id,
      note,
    });
  }
  const reversals: UnitRefund['reversals'] = [];
  // What that one unit paid each seller: the order's margins for a quantity of one.
  for (const { sellerId, marginCents } of profitMargins({ ...order, quantity: 1 })) {
    // FOR NO KEY UPDATE, as an UPDATE of the buckets takes: it still holds off a conversion or a
    // sale's margin, but not the key-share locks a backorder fill's ledger rows and notifications
    // take on their buyer, which may be this seller (FOR UPDATE would deadlock with that fill).
    // Its pending margins first (their fold locks the row the same way), so the reversal takes
    // from all the profit the seller has.
    await foldUserProfit(tx, sellerId);
    const [seller] = await rowsOf<{ username: string; profit: string; balance: string }>(
      tx,
      sql`select username, profit_cents::text as profit, balance_cents::text as balance
          from users where id = ${sellerId}::uuid for no key update`,
    );
    if (!seller) throw new Error(`seller ${sellerId} of order ${order.id} has no row`);
    const profit = BigInt(seller.profit);
    const fromProfitCents = profit < marginCents ? profit : marginCents;
    const fromBalanceCents = marginCents - fromProfitCents;
    if (fromBalanceCents > BigInt(seller.balance)) {
      throw new AppError(
        'conflict',
        messageTemplates.marginShortfall.text({
          seller: seller.username,
          amount: formatAmount(fromCents(marginCents)),
        }),
      );
    }
    const context: LedgerContext = {
      kind: 'margin_reversal',
      actorId,
      orderId: order.id,
      counterpartyId: order.buyerId,
      note,
    };
    if (fromProfitCents > 0n) await takeExactly(tx, sellerId, 'profit', fromProfitCents, context);
    if (fromBalanceCents > 0n)
      await takeExactly(tx, sellerId, 'balance', fromBalanceCents, context);
    reversals.push({ sellerId, fromProfitCents, fromBalanceCents });
  }
  return { refundCents, reversals };
}

async function takeExactly(
  tx: Executor,
  userId: string,
  bucket: 'balance' | 'profit',
  amountCents: bigint,
  context: LedgerContext,
) {
  // Never refused: the row is locked and was read above with at least this much.
  const after = await debitBucket(tx, userId, bucket, amountCents, context);
  if (after === undefined) throw new Error(`${bucket} of ${userId} fell short under its lock`);
}
