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
import { notifyTicketOpened } from '../notifications/notification-writes';
import { findOrder } from '../orders/orders.repository';
import type { OrdersService } from '../orders/orders.service';
import { claimKeys } from '../key-pool/key-claims';
import { recordKeysSold } from '../stock/stock';
import { insertTicket } from '../tickets/tickets.repository';
import { findPurchase } from '../upstreams/upstreams.repository';
import { claimKeyAction, keyPlacesOf, setReplacementKey } from './after-sale.repository';
import { recordKeyAnswer, type KeyAnswer } from './key-answer';
import { refundUnit } from './unit-refund';
import type { UpstreamAfterSale } from './upstream-answers';
import { queueUpstreamReport } from './upstream-reports.repository';

type ReportInput = z.output<typeof reportKeySchema>;
type KeyInput = z.output<typeof orderKeySchema>;

/** A docked order's key is answered by its supplier (DESIGN.md §14), never from here. */
const SUPPLIER_ANSWERS =
  'This key was bought from a supplier: the report is passed to it, and its replacement or refund is applied here when it answers';

/**
 * Faulty keys (DESIGN.md §11): the buyer reports one key of a completed order, which opens a
 * ticket; an administrator replaces the key from the pool or refunds its unit. Each unit is
 * replaced or refunded at most once: `claimKeyAction`'s primary key decides, inside the
 * transaction that does it, so of two answers racing on one unit one commits and the other is a
 * conflict with nothing written. A docked order's report is also passed to its supplier, whose
 * answer is applied here (`upstream-answers.ts`).
 */
export class AfterSaleService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
    private readonly upstream: UpstreamAfterSale,
  ) {}

  async report(caller: AuthContext, orderId: string, input: ReportInput): Promise<Order> {
    const order = assertMayReportKey(caller, await findOrder(this.db, orderId));
    assertKeyOf(order, input.keyIndex);
    const docked = order.sourcing === 'upstream';
    const purchase = docked ? await findPurchase(this.db, orderId) : undefined;
    if (docked && !purchase) throw new Error(`docked order ${orderId} has no purchase`);
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
        if (purchase) {
          await queueUpstreamReport(tx, {
            orderId,
            keyIndex: input.keyIndex,
            upstreamId: purchase.upstream.id,
            reason: input.reason,
            userId: caller.userId,
          });
        }
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'order.key_reported',
          targetType: 'order',
          targetId: orderId,
          after: { keyIndex: input.keyIndex, ticketId, toSupplier: docked },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', afterSaleMessages.keyAlreadyReported);
      throw error;
    }
    if (docked) await this.upstream.forwardNow(orderId, input.keyIndex);
    return this.orders.get(caller, orderId);
  }

  /** A fresh key from the pool in place of the one at `keyIndex`, free of charge. */
  async replace(caller: AuthContext, orderId: string, input: KeyInput): Promise<Order> {
    const order = assertMayActOnOrderKey(caller, await findOrder(this.db, orderId));
    assertPoolKeyOf(order, input.keyIndex);
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
    assertPoolKeyOf(order, input.keyIndex);
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
    const places = (await keyPlacesOf(tx, [order])).get(order.id);
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

  private answered(
    tx: Executor,
    order: OrderRow,
    keyIndex: number,
    caller: AuthContext,
    what: KeyAnswer,
  ) {
    return recordKeyAnswer(tx, order, keyIndex, caller.userId, what);
  }
}

/** The order delivered a key at `keyIndex`: a completed instant order's. */
function assertKeyOf(order: OrderRow, keyIndex: number) {
  if (order.status !== 'completed')
    throw new AppError('conflict', afterSaleMessages.onlyCompletedOrders);
  if (order.deliveryType !== 'instant')
    throw new AppError('conflict', afterSaleMessages.onlyPoolKeys);
  if (keyIndex >= order.quantity) {
    throw validationError(
      'body.keyIndex',
      `keyIndex must be between 0 and ${order.quantity - 1}: the order has ${order.quantity} key${order.quantity > 1 ? 's' : ''}`,
    );
  }
}

/**
 * `assertKeyOf`, and the key is from this platform's pool: a docked order's keys are the
 * supplier's, and a replacement or refund here would come out of our own pool or pocket without
 * the supplier hearing of it. The supplier's answer to the report is applied instead.
 */
function assertPoolKeyOf(order: OrderRow, keyIndex: number) {
  assertKeyOf(order, keyIndex);
  if (order.sourcing === 'upstream') throw new AppError('conflict', SUPPLIER_ANSWERS);
}
