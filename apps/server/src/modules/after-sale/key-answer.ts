import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { writeAudit } from '../ledger/ledger.repository';
import { sendSignals } from '../notifications/live-signals';
import { notifyUser } from '../notifications/notification-writes';
import { recordOrderEvent } from '../orders/order-completion';
import { recordAdminMessage } from '../tickets/tickets.repository';
import { firstAdminId, reportTicketOf } from './after-sale.repository';

export interface KeyAnswer {
  action: 'order.key_replaced' | 'order.unit_refunded';
  /** The closing message of the report's conversation, for the buyer. */
  response: string;
  /** The buyer's notification's data besides the order's. */
  data: Record<string, unknown>;
  audit: Record<string, unknown>;
}

/**
 * What a replacement and a refund both write besides the money and keys, whoever answered (an
 * administrator here, or the supplier of a docked order: `actorId` null): the report ticket
 * answered and closed, the buyer's notification, the webhook event, the audit row.
 */
export async function recordKeyAnswer(
  tx: Executor,
  order: OrderRow,
  keyIndex: number,
  actorId: string | null,
  what: KeyAnswer,
) {
  const ticket = await reportTicketOf(tx, order.id, keyIndex);
  if (ticket && ticket.status !== 'closed') {
    // The answer is the closing message in the report's conversation: the administrator's, or,
    // for a supplier's answer, the platform's, written in its first administrator's name.
    const authorId = actorId ?? (await firstAdminId(tx));
    if (authorId) {
      await recordAdminMessage(tx, ticket, { authorId, body: what.response, status: 'closed' });
    }
  }
  await notifyUser(tx, {
    type: what.action,
    userId: order.buyerId,
    data: {
      orderId: order.id,
      productName: order.productName,
      quantity: order.quantity,
      keyIndex,
      ...what.data,
    },
  });
  await sendSignals(tx, [{ userId: order.buyerId, kind: 'orders', orderId: order.id }]);
  await recordOrderEvent(tx, what.action, order.id);
  await writeAudit(tx, {
    actorId,
    action: what.action,
    targetType: 'order',
    targetId: order.id,
    after: what.audit,
  });
}
