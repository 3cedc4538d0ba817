import { sql } from 'drizzle-orm';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { sendSignalsSql } from '../notifications/live-signals';
import { notifyUserCte, writeNotification } from '../notifications/notification-writes';
import { resolvePendingOrderNotifications } from '../notifications/notifications.repository';
import { jsonParam, recordEvent } from '../outbox/outbox-events';
import { orderWithoutKeys } from './order-view';
import { orderWithRefs } from './orders.repository';

// What every way out of `pending` writes beside the order itself: an administrator's answer
// (orders.service.ts) and an import filling a backorder (backorders/fill-backorders.ts).

/**
 * Tells the buyer its order left `pending` (unless it cancelled it itself), marks read the
 * administrators' `order.pending` entries about it (nothing waits any more, whoever answered),
 * and signals the buyer's and the administrators' lists, at the commit of `tx`.
 */
export async function notifyOrderAnswered(tx: Executor, order: OrderRow, actorId: string | null) {
  await resolvePendingOrderNotifications(tx, order.id);
  if (order.buyerId !== actorId) {
    const common = {
      orderId: order.id,
      productName: order.productName,
      quantity: order.quantity,
      totalAmount: fromCents(order.totalCents),
    };
    await writeNotification(
      tx,
      notifyUserCte('note', {
        type: order.status === 'completed' ? 'order.completed' : 'order.rejected',
        userId: sql`${order.buyerId}::uuid`,
        data: jsonParam(
          order.status === 'completed'
            ? common
            : { ...common, reason: order.rejectionReason ?? null },
        ),
        signal: true,
      }),
    );
  }
  await tx.execute(
    sendSignalsSql([
      { userId: order.buyerId, kind: 'orders', orderId: order.id },
      { role: 'admin', kind: 'orders', orderId: order.id },
    ]),
  );
}

/** The order's event, in the transaction that changed it (DESIGN.md §9): the order without its keys. */
export async function recordOrderEvent(tx: Executor, type: string, orderId: string) {
  const row = await orderWithRefs(tx, orderId);
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  await recordEvent(tx, {
    type,
    userId: sql`${row.order.buyerId}::uuid`,
    data: jsonParam({ order: orderWithoutKeys(row) }),
  });
}
