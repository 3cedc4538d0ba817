/**
 * Backorders filled by the keys that arrive (DESIGN.md §11). Called inside the transaction that
 * added the keys, under its lock on the product's row (`lockProduct`): fills of one product never
 * run side by side, and the keys and the completions commit together or not at all.
 *
 * Oldest order first, each whole or not at all: the walk stops at the first order the unsold keys
 * cannot fill, so a later, smaller order never overtakes it. A filled backorder completes exactly
 * as an instant sale: its keys, the sellers' margins along its chain (`creditProfitChain`, paid
 * now, not at placement), the `order.completed` event and notification, an audit row.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/index';
import { writeAudit } from '../ledger/ledger.repository';
import { notifyOrderAnswered, recordOrderEvent } from '../orders/order-completion';
import { leavePending } from '../orders/orders.repository';
import { creditProfitChain } from '../orders/profit';
import { lockUnsoldKeys, sellKeys } from './key-claims';
import { recordKeysSold } from './stock';

export interface BackorderFill {
  /** Orders completed. */
  orders: number;
  /** Keys they took. */
  keys: number;
}

export async function fillBackorders(tx: Executor, productId: string): Promise<BackorderFill> {
  // Locked, so a buyer's cancellation racing the fill waits and then finds the order completed.
  const waiting = await tx
    .select({ id: orders.id, quantity: orders.quantity })
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
  // The orders that fit, whole, in line: the walk stops at the first that does not.
  const wanted = waiting.reduce((n, order) => n + order.quantity, 0);
  const keyIds = await lockUnsoldKeys(tx, productId, wanted);
  const filled: { id: string; quantity: number }[] = [];
  for (const order of waiting) {
    if (fill.keys + order.quantity > keyIds.length) break;
    filled.push(order);
    fill.keys += order.quantity;
  }
  const owners = filled.flatMap(({ id, quantity }) => Array<string>(quantity).fill(id));
  await sellKeys(tx, keyIds.slice(0, owners.length), owners);
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
