import { formatAmount, fromCents } from '@keymarket/contracts/money';
import { AppError } from '../../lib/app-error';
import { refusalOf } from '../../lib/pg-errors';

/**
 * Why `place_order` (latest in migration 0039) refused an order; nothing of it was
 * written. The tag is the reason the statement gave `keymarket_refuse`.
 */
export type OrderRefusal =
  /** Another request with the same Idempotency-Key committed first: its answer is replayed. */
  | { refused: 'idempotency_key_taken' }
  | { refused: 'insufficient_balance' }
  /** Fewer unsold keys than the quantity, or a request product's stock below it. */
  | { refused: 'out_of_stock' }
  /** A seller of the chain has no row to credit: users are never deleted, so this is a bug. */
  | { refused: 'seller_missing' }
  /**
   * The plan carried no outbox events (`OrderPlan.events`), and the buyer or an administrator
   * has an endpoint for them: the service places the order again with them.
   */
  | { refused: 'order_events' };

type Reason = OrderRefusal['refused'];

// A record, so that a reason added to the type and not here does not compile.
const reasons: Record<Reason, true> = {
  idempotency_key_taken: true,
  insufficient_balance: true,
  out_of_stock: true,
  seller_missing: true,
  order_events: true,
};

const isReason = (text: string): text is Reason => Object.hasOwn(reasons, text);

/** The refusal a failed order statement raised, or undefined for any other error. */
export function orderRefusalOf(error: unknown): OrderRefusal | undefined {
  const reason = refusalOf(error);
  return reason !== undefined && isReason(reason) ? { refused: reason } : undefined;
}

export const outOfStock = (stock: number) =>
  new AppError('out_of_stock', `Only ${stock} left in stock`);

/**
 * What the buyer is answered for a refused order: the error to throw, or `replay` when another
 * request with the same Idempotency-Key got there first and its answer is the one to give.
 * `stock` is the stock the order was checked against before the statement.
 */
export function refusalOutcome(
  refusal: OrderRefusal,
  order: { totalCents: bigint; stock: number },
): Error | 'replay' {
  switch (refusal.refused) {
    case 'idempotency_key_taken':
      return 'replay';
    case 'insufficient_balance':
      return new AppError(
        'insufficient_balance',
        `Insufficient balance: this order costs ${formatAmount(fromCents(order.totalCents))}`,
      );
    case 'out_of_stock':
      return outOfStock(order.stock);
    case 'seller_missing':
      return new Error('a seller of the chain has no row');
    case 'order_events':
      // The service places such an order again with its events before it comes to an answer.
      return new Error('an order was refused for its events and not placed again');
  }
}
