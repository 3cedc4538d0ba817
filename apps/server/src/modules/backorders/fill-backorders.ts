/**
 * Backorders filled by the keys that arrive (DESIGN.md §11). Called inside the transaction that
 * added the keys (an import, a move into the product), under its lock on the product's row
 * (`lockProductForKeys`): fills of one product never run side by side, and the keys and the
 * completions commit together or not at all.
 *
 * Oldest order first, each whole or not at all: the walk stops at the first order the unsold keys
 * cannot fill, so a later, smaller order never overtakes it. A filled backorder completes exactly
 * as an instant sale: its keys, the sellers' margins along its chain (`creditProfitChain`, paid
 * now, not at placement), the `order.completed` event and notification, an audit row.
 *
 * LOCKS. The product's row (the caller's, FOR NO KEY UPDATE, which sales do not wait for), then
 * the waiting orders' rows, then every seller the filled orders pay, all in one statement,
 * deepest in the invitation tree first (then by id), then the keys (SKIP LOCKED, as sales take
 * them, so never waiting).
 * One order's chain is locked nearest the buyer first, which is deepest first (the lock order,
 * docs/money.md); a fill pays many chains, and crediting them order by order would
 * lock a manager for the first chain before a reseller of the second, the other way round from a
 * sale of that reseller's invitee. Taking all of them at once in the order every chain agrees
 * with cannot deadlock with a sale, a completion, a transfer or a unit refund.
 * A deadlock or serialization failure would still not be ours to pass on: the import holding the
 * file cannot be run again, so the fill runs in a savepoint and is tried again from it
 * (`fillBackordersRetrying`); whatever a failed try wrote is gone with its savepoint.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/index';
import { writeAudit } from '../ledger/ledger.repository';
import { notifyOrderAnswered, recordOrderEvent } from '../orders/order-completion';
import { leavePending } from '../orders/orders.repository';
import { creditProfitChain, profitMargins } from '../orders/profit';
import { isRetryableTransactionError } from '../../lib/pg-errors';
import { claimKeys, unsoldKeys } from '../key-pool/key-claims';
import { recordKeysSold } from '../stock/stock';

export interface BackorderFill {
  /** Orders completed. */
  orders: number;
  /** Keys they took. */
  keys: number;
}

export async function fillBackorders(tx: Executor, productId: string): Promise<BackorderFill> {
  // Locked, so a buyer's cancellation racing the fill waits and then finds the order completed.
  const waiting = await tx
    .select({ id: orders.id, quantity: orders.quantity, priceChain: orders.priceChain })
    .from(orders)
    .where(
      and(
        eq(orders.productId, productId),
        eq(orders.backordered, true),
        eq(orders.status, 'pending'),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .for('update');
  const fill: BackorderFill = { orders: 0, keys: 0 };
  const filled = await sellKeysInLine(tx, productId, waiting);
  fill.keys = filled.reduce((n, order) => n + order.quantity, 0);
  for (const { id, quantity } of filled) {
    const order = await leavePending(tx, id, { status: 'completed', deliveredAt: new Date() });
    if (!order) throw new Error(`backorder ${id} left pending under its own row lock`);
    // The buyer is the actor of its margins, as in the order statement.
    await creditProfitChain(tx, order, order.buyerId);
    await recordOrderEvent(tx, 'order.completed', id);
    await notifyOrderAnswered(tx, order, null);
    await writeAudit(tx, {
      actorId: null,
      action: 'order.backorder_filled',
      targetType: 'order',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'completed', keys: quantity },
    });
    fill.orders += 1;
  }
  await recordKeysSold(tx, productId, fill.keys);
  return fill;
}

type WaitingOrder = { id: string } & Pick<OrderRow, 'quantity' | 'priceChain'>;

/**
 * Sells keys to the waiting orders that fit, whole, in line (the walk stops at the first that
 * does not), with their sellers locked first (`lockSellersOf`); answers the orders sold to.
 * Sales of the product go on meanwhile (they hold no lock on its row), so the keys counted may be
 * fewer when they are claimed: `claimKeys` then sells none, and the line is cut by one order.
 */
async function sellKeysInLine(
  tx: Executor,
  productId: string,
  waiting: readonly WaitingOrder[],
): Promise<WaitingOrder[]> {
  let available = await unsoldKeys(tx, productId);
  for (;;) {
    const filled: WaitingOrder[] = [];
    let keys = 0;
    for (const order of waiting) {
      if (keys + order.quantity > available) break;
      filled.push(order);
      keys += order.quantity;
    }
    if (filled.length === 0) return [];
    await lockSellersOf(tx, filled);
    const owners = filled.flatMap(({ id, quantity }) => Array<string>(quantity).fill(id));
    if ((await claimKeys(tx, productId, owners)).length > 0) return filled;
    available = keys - 1;
  }
}

/**
 * Locks the rows of every seller the `filled` orders pay, in one statement, deepest in the
 * invitation tree first (a user's depth is its number of ancestors), then by id: the order each
 * chain's own lock order agrees with (see LOCKS above).
 */
async function lockSellersOf(tx: Executor, filled: readonly WaitingOrder[]) {
  const sellerIds = [
    ...new Set(filled.flatMap((order) => profitMargins(order).map((m) => m.sellerId))),
  ];
  if (sellerIds.length === 0) return;
  await tx.execute(
    sql`select u.id from users u
        where u.id = any(${`{${sellerIds.join(',')}}`}::uuid[])
        order by (select count(*) from invitation_tree t where t.descendant_id = u.id) desc, u.id
        for no key update of u`,
  );
}

/** Tries of one fill before its deadlock or serialization failure is passed on. */
const FILL_ATTEMPTS = 4;

/**
 * `fillBackorders` in a savepoint of `tx`, tried again from the savepoint when PostgreSQL picks
 * it as a deadlock victim or fails it for serialization: the rollback to the savepoint undoes
 * every key sold, margin paid and order completed by the failed try (so nothing is delivered or
 * paid twice) and frees the locks it took, while the caller keeps its own (the product's, its
 * keys) and its work so far (a file import's keys).
 */
export async function fillBackordersRetrying(
  tx: Executor,
  productId: string,
): Promise<BackorderFill> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction((savepoint) => fillBackorders(savepoint, productId));
    } catch (error) {
      if (attempt >= FILL_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}
