import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { creditBucket } from '../ledger/ledger.repository';

export interface Margin {
  sellerId: string;
  marginCents: bigint;
}

/**
 * What each seller in the order's chain earns when the order completes: seller i earns
 * quantity × (cost of the member below it − its own cost). The margins telescope, so the buyer's
 * payment = the platform's price to the top of the chain + every margin. Costs are the ones stored
 * on the order at placement: a later price change alters nothing. Sellers earning nothing are left
 * out; the rest come nearest the buyer first, as the lock order has it (docs/money.md).
 */
export function profitMargins(order: Pick<OrderRow, 'quantity' | 'priceChain'>): Margin[] {
  const margins: Margin[] = [];
  let belowCents: bigint | undefined;
  for (const { userId, costCents } of order.priceChain) {
    const ownCents = BigInt(costCents);
    const marginCents =
      belowCents === undefined ? 0n : BigInt(order.quantity) * (belowCents - ownCents);
    if (marginCents > 0n) margins.push({ sellerId: userId, marginCents });
    belowCents = ownCents;
  }
  return margins;
}

/**
 * Pays each seller its margin (`profitMargins`) when a request order is completed, one after the
 * other in that order: the lock order (docs/money.md).
 */
export async function creditProfitChain(tx: Executor, order: OrderRow, actorId: string | null) {
  for (const { sellerId, marginCents } of profitMargins(order)) {
    await creditBucket(tx, sellerId, 'profit', marginCents, {
      kind: 'profit',
      actorId,
      orderId: order.id,
      counterpartyId: order.buyerId,
    });
  }
}
