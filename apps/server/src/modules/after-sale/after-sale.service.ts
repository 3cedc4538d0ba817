import { afterSaleMessages } from '@keymarket/contracts/orders';
import type { z } from 'zod';
import { fromCents } from '@keymarket/contracts/money';
import type { Order, orderKeySchema, reportKeySchema } from '@keymarket/contracts/orders';
import type { Database, Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { retryOnConflict } from '../../lib/transactions';
import type { AuthContext } from '../access/auth-context';
import { assertMayActOnOrderKey, assertMayReportKey } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { sendSignals } from '../notifications/live-signals';
import { notifyTicketOpened, notifyUser } from '../notifications/notification-writes';
import { recordOrderEvent } from '../orders/order-completion';
import { findOrder } from '../orders/orders.repository';
import type { OrdersService } from '../orders/orders.service';
import { claimKeys } from '../key-pool/key-claims';
import { recordKeysSold } from '../stock/stock';
import { insertTicket } from '../tickets/tickets.repository';
import { recordAdminMessage } from '../tickets/tickets.repository';
import {
  claimKeyAction,
  keyPlacesOf,
  reportTicketOf,
  setReplacementKey,
} from './after-sale.repository';
import { refundUnit } from './unit-refund';

type ReportInput = z.output<typeof reportKeySchema>;
type KeyInput = z.output<typeof orderKeySchema>;

/**
 * Faulty keys (DESIGN.md §11): the buyer reports one key of a completed order, which opens a
 * ticket; an administrator replaces the key from the pool or refunds its unit. Each unit is
 * replaced or refunded at most once: `claimKeyAction`'s primary key decides, inside the
 * transaction that does it, so of two answers racing on one unit one commits and the other is a
 * conflict with nothing written.
 */
export class AfterSaleService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
  ) {}

  async report(caller: AuthContext, orderId: string, input: ReportInput): Promise<Order> {
    const order = assertMayReportKey(caller, await findOrder(this.db, orderId));
    assertKeyOf(order, input.keyIndex);
    const subject = `Faulty key ${input.keyIndex + 1} of ${order.productName}`.slice(0, 150);
    try {
      await this.db.transaction(async (tx) => {
        const ticketId = await insertTicket(tx, {
          userId: caller.userId,
          subject,
          message: input.reason,
          orderId,
          keyIndex: input.keyIndex,
        });
        await notifyTicketOpened(tx, { ticketId, subject, authorId: caller.userId });
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'order.key_reported',
          targetType: 'order',
          targetId: orderId,
          after: { keyIndex: input.keyIndex, ticketId },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', afterSaleMessages.keyAlreadyReported);
      throw error;
    }
    return this.orders.get(caller, orderId);
  }

  /** A fresh key from the pool in place of the one at `keyIndex`, free of charge. */
  async replace(caller: AuthContext, orderId: string, input: KeyInput): Promise<Order> {
    const order = assertMayActOnOrderKey(caller, await findOrder(this.db, orderId));
    assertKeyOf(order, input.keyIndex);
    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const keyId = await this.claimUnit(tx, order, input.keyIndex, caller, 'replaced');
        const [claimed] = await claimKeys(tx, order.productId, [orderId]);
        const fresh = claimed?.keyId;
        if (!fresh) {
          throw new AppError('out_of_stock', afterSaleMessages.noReplacementKey);
        }
        await setReplacementKey(tx, orderId, input.keyIndex, fresh);
        await recordKeysSold(tx, order.productId, 1);
        await this.answered(tx, order, input.keyIndex, caller, {
          action: 'order.key_replaced',
          response: `Key ${input.keyIndex + 1} was replaced: the new key is in the order's details.`,
          data: {},
          audit: { keyIndex: input.keyIndex, keyId, replacementKeyId: fresh },
        });
      }),
    );
    return this.orders.get(caller, orderId);
  }

  /** The unit at `keyIndex` refunded to the buyer, its margins reversed along the chain. */
  async refund(caller: AuthContext, orderId: string, input: KeyInput): Promise<Order> {
    const order = assertMayActOnOrderKey(caller, await findOrder(this.db, orderId));
    assertKeyOf(order, input.keyIndex);
    await retryOnConflict(() =>
      this.db.transaction(async (tx) => {
        const keyId = await this.claimUnit(tx, order, input.keyIndex, caller, 'refunded');
        const refund = await refundUnit(tx, order, input.keyIndex, caller.userId);
        await this.answered(tx, order, input.keyIndex, caller, {
          action: 'order.unit_refunded',
          response: `Key ${input.keyIndex + 1} was refunded: ${fromCents(refund.refundCents).toFixed(2)} USD went back to your balance.`,
          data: { amount: fromCents(refund.refundCents) },
          audit: { keyIndex: input.keyIndex, keyId, ...refund },
        });
      }),
    );
    return this.orders.get(caller, orderId);
  }

  /** Takes the unit for this action, or refuses: it was replaced or refunded already. */
  private async claimUnit(
    tx: Executor,
    order: OrderRow,
    keyIndex: number,
    caller: AuthContext,
    action: 'replaced' | 'refunded',
  ): Promise<string> {
    const places = (await keyPlacesOf(tx, [order.id])).get(order.id);
    const key = places?.delivered[keyIndex];
    if (!key) throw new Error(`order ${order.id} holds no key at ${keyIndex}`);
    const claimed = await claimKeyAction(tx, {
      orderId: order.id,
      keyIndex,
      action,
      keyId: key.id,
      refundCents: action === 'refunded' ? order.unitPriceCents : null,
      actorId: caller.userId,
    });
    if (!claimed) throw new AppError('conflict', afterSaleMessages.keyAlreadyHandled);
    return key.id;
  }

  /**
   * What a replacement and a refund both write besides the money and keys: the report ticket
   * answered and closed, the buyer's notification, the webhook event, the audit row.
   */
  private async answered(
    tx: Executor,
    order: OrderRow,
    keyIndex: number,
    caller: AuthContext,
    what: {
      action: 'order.key_replaced' | 'order.unit_refunded';
      response: string;
      data: Record<string, unknown>;
      audit: Record<string, unknown>;
    },
  ) {
    const ticket = await reportTicketOf(tx, order.id, keyIndex);
    if (ticket && ticket.status !== 'closed') {
      // The answer is the admin's closing message in the report's conversation.
      await recordAdminMessage(tx, ticket, {
        authorId: caller.userId,
        body: what.response,
        status: 'closed',
      });
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
      actorId: caller.userId,
      action: what.action,
      targetType: 'order',
      targetId: order.id,
      after: what.audit,
    });
  }
}

/** The order delivered a key from the pool at `keyIndex`: a completed instant order's. */
function assertKeyOf(order: OrderRow, keyIndex: number) {
  if (order.status !== 'completed')
    throw new AppError('conflict', afterSaleMessages.onlyCompletedOrders);
  if (order.deliveryType !== 'instant')
    throw new AppError('conflict', afterSaleMessages.onlyPoolKeys);
  // A docked order's keys are the supplier's (DESIGN.md §14): a replacement or a refund here
  // would come out of our own pool or pocket, and the supplier would never hear of it.
  if (order.sourcing === 'upstream') {
    throw new AppError(
      'conflict',
      'This key was bought from a supplier: it cannot be reported here yet, contact support',
    );
  }
  if (keyIndex >= order.quantity) {
    throw validationError(
      'body.keyIndex',
      `keyIndex must be between 0 and ${order.quantity - 1}: the order has ${order.quantity} key${order.quantity > 1 ? 's' : ''}`,
    );
  }
}
