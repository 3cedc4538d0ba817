import { formatAmount, fromCents } from '@keymarket/contracts/money';
import type { ExceededLimit, PurchaseLimitName } from '@keymarket/contracts/purchase-limits';
import { AppError, LimitExceededError } from '../../lib/app-error';
import { refusalDetailOf, refusalOf } from '../../lib/pg-errors';

/**
 * Why `place_order` (latest in migration 0040) refused an order; nothing of it was
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
  | { refused: 'order_events' }
  /** Over a purchase limit of the buyer or the product (the function's DETAIL names it). */
  | { refused: 'limit_exceeded'; limit: ExceededLimit };

type Reason = OrderRefusal['refused'];

// A record, so that a reason added to the type and not here does not compile.
const reasons: Record<Reason, true> = {
  idempotency_key_taken: true,
  insufficient_balance: true,
  out_of_stock: true,
  seller_missing: true,
  order_events: true,
  limit_exceeded: true,
};

/** The limit `place_order` named in its DETAIL: `{limit, max, used, resetsAt}`, cents for spend. */
function exceededLimitOf(detail: string | undefined): ExceededLimit {
  const raw = JSON.parse(detail ?? '{}') as {
    limit: PurchaseLimitName;
    max: number;
    used: number;
    resetsAt?: string;
  };
  const money = raw.limit === 'daily_spend';
  return {
    name: raw.limit,
    max: money ? fromCents(raw.max) : raw.max,
    used: money ? fromCents(raw.used) : raw.used,
    resetsAt: raw.resetsAt ?? null,
  };
}

const isReason = (text: string): text is Reason => Object.hasOwn(reasons, text);

/** The refusal a failed order statement raised, or undefined for any other error. */
export function orderRefusalOf(error: unknown): OrderRefusal | undefined {
  const reason = refusalOf(error);
  if (reason === 'limit_exceeded') {
    return { refused: reason, limit: exceededLimitOf(refusalDetailOf(error)) };
  }
  return reason !== undefined && isReason(reason) && reason !== 'limit_exceeded'
    ? { refused: reason }
    : undefined;
}

/** The English sentence of a `limit_exceeded` answer: the limit, what is used, when it resets. */
export function limitExceededText(limit: ExceededLimit): string {
  const resets = limit.resetsAt ? `; it resets at 00:00 UTC (${limit.resetsAt})` : '';
  switch (limit.name) {
    case 'daily_spend':
      return `Over your daily spending limit of ${formatAmount(limit.max)}: ${formatAmount(limit.used)} spent today${resets}`;
    case 'order_quantity':
      return `Over your limit of ${limit.max} units in one order`;
    case 'product_order_quantity':
      return `Over this product's limit of ${limit.max} units in one order`;
    case 'product_daily_quantity':
      return `Over this product's limit of ${limit.max} units a day: ${limit.used} bought today${resets}`;
  }
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
    case 'limit_exceeded':
      return new LimitExceededError(limitExceededText(refusal.limit), refusal.limit);
    case 'order_events':
      // The service places such an order again with its events before it comes to an answer.
      return new Error('an order was refused for its events and not placed again');
  }
}
