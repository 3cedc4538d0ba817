import type { Executor } from '../../db/client';
import type { OrderRow } from './orders.repository';
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
 * out; the rest come nearest the buyer first, the order in which their rows are locked.
 */
export function profitMargins(order: Pick<OrderRow, 'quantity' | 'priceChain'>): Margin[] {
  const chain = order.priceChain;
  const margins: Margin[] = [];
  for (let i = 1; i < chain.length; i += 1) {
    const marginCents =
      BigInt(order.quantity) * (BigInt(chain[i - 1]!.costCents) - BigInt(chain[i]!.costCents));
    if (marginCents > 0n) margins.push({ sellerId: chain[i]!.userId, marginCents });
  }
  return margins;
}

/** Pays each seller its margin (`profitMargins`) when a request order is completed. */
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
