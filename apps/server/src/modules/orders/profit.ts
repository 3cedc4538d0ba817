import type { Executor } from '../../db/client';
import type { OrderRow } from './orders.repository';
import { creditBucket } from '../ledger/ledger.repository';

/**
 * Pays each seller in the order's chain its margin when the order completes: seller i earns
 * quantity × (cost of the member below it − its own cost). The margins telescope, so the buyer's
 * payment = the platform's price to the top of the chain + every margin. Costs are the ones stored
 * on the order at placement: a later price change alters nothing.
 */
export async function creditProfitChain(tx: Executor, order: OrderRow, actorId: string | null) {
  const chain = order.priceChain;
  for (let i = 1; i < chain.length; i += 1) {
    const marginCents =
      BigInt(order.quantity) * (BigInt(chain[i - 1]!.costCents) - BigInt(chain[i]!.costCents));
    if (marginCents > 0n) {
      await creditBucket(tx, chain[i]!.userId, 'profit', marginCents, {
        kind: 'profit',
        actorId,
        orderId: order.id,
        counterpartyId: order.buyerId,
      });
    }
  }
}

/** What the platform keeps of an order: the total minus every seller's margin. */
export function platformShareCents(order: Pick<OrderRow, 'quantity' | 'priceChain'>): bigint {
  const top = order.priceChain[order.priceChain.length - 1]!;
  return BigInt(order.quantity) * BigInt(top.costCents);
}
