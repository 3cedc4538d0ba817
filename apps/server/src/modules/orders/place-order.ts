/**
 * Writes an order: one call of the database function `place_order` (its latest definition is
 * migration 0040: read it there top to bottom), one round trip on the busiest write path there
 * is. The function writes the idempotency record, the buyer's debit and its ledger row, checks
 * the purchase limits under the buyer's lock, then writes the keys, the stock, the order,
 * the sellers' accruals, the audit row, the notifications and the outbox events, taking its locks
 * in the lock order (docs/money.md), and raises the first shortfall as a refusal, which undoes
 * everything (`order-refusals.ts` reads the reason back).
 *
 * EVENTS. The `order.created` (and an instant order's `order.completed`) event goes into the
 * outbox in the same call when the buyer (or an administrator) has an endpoint subscribed to it:
 * a crash cannot separate it from the order. Most buyers have none, so a plan that expects no
 * receiver (`OrderPlan.events` false) carries no event data, and the function checks the flags a
 * trigger keeps (`users.order_webhooks`, migration 0022): if one is set after all, the order is
 * refused (`order_events`) and the service places it again with its events.
 */
import { sql, type SQL } from 'drizzle-orm';
import { preparedRowsOf, type Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { auditRowOf } from '../ledger/ledger.repository';
import { jsonText } from '../outbox/outbox-events';
import { fromCents } from '@keymarket/contracts/money';
import { orderWithoutKeys } from './order-view';
import type { NewOrder, OrderPlan } from './order-plan';
import { orderRefusalOf, type OrderRefusal } from './order-refusals';

export type { NewOrder, OrderPlan } from './order-plan';

export interface PlacedRow {
  order: OrderRow;
  /** The keys claimed for it, sealed, in the order a later read lists them (by id). */
  keys: { id: string; ciphertext: Buffer }[];
  /** Whether the buyer or an administrator listens for its events, by their flags (EVENTS). */
  heard: boolean;
}

interface PlacedResult {
  created_at: string;
  key_id: string | null;
  ciphertext: Uint8Array | null;
  heard: boolean;
}

/** Writes the order `plan` describes, or answers why the function refused it. */
export async function placeOrder(db: Executor, plan: OrderPlan): Promise<PlacedRow | OrderRefusal> {
  try {
    const rows = await preparedRowsOf<PlacedResult>(db, orderStatement(plan));
    // Not refused, the function answers one row, or one per claimed key.
    const [first] = rows;
    if (!first) throw new Error('place_order answered no row');
    return {
      order: orderRowOf(plan.order, new Date(first.created_at)),
      keys: rows.flatMap((r) =>
        r.key_id && r.ciphertext ? [{ id: r.key_id, ciphertext: Buffer.from(r.ciphertext) }] : [],
      ),
      heard: first.heard,
    };
  } catch (error) {
    const refusal = orderRefusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * The call of `place_order` for `plan`, its arguments by name. Also for statements that embed it
 * (tests, bench/diagnose.ts).
 */
export function orderStatement(plan: OrderPlan): SQL {
  const { order, debit, idempotency } = plan;
  const audit = auditRowOf(plan.audit);
  const json = (value: unknown) => sql`${value === null ? null : jsonText(value)}::jsonb`;
  return sql`select created_at, key_id, ciphertext, heard from place_order(
    order_row => ${json(orderColumns(order))},
    claim_count => ${plan.claim}::int,
    debit => ${json(
      debit && {
        kind: debit.kind,
        actor_id: debit.actorId,
        order_id: debit.orderId ?? null,
        counterparty_id: debit.counterpartyId ?? null,
        note: debit.note ?? null,
      },
    )},
    margins => ${json(plan.margins.map((m) => ({ seller_id: m.sellerId, margin_cents: m.marginCents })))},
    audit => ${json({
      actor_id: audit.actorId,
      action: audit.action,
      target_type: audit.targetType,
      target_id: audit.targetId,
      before: audit.before,
      after: audit.after,
    })},
    idempotency => ${json(
      idempotency && {
        user_id: idempotency.userId,
        key: idempotency.key,
        request_hash: idempotency.hash,
        status_code: idempotency.statusCode,
        response: idempotency.response,
      },
    )},
    stock_threshold => ${plan.lowStockThreshold}::int,
    with_events => ${plan.events}::boolean,
    created_event => ${json(plan.events ? createdEvent(plan) : null)},
    pending_note => ${json(order.status === 'pending' ? pendingNote(plan) : null)})`;
}

/** The orders row's columns by name, as `place_order` reads them (jsonb_populate_record). */
function orderColumns(order: NewOrder) {
  return {
    id: order.id,
    buyer_id: order.buyerId,
    seller_id: order.sellerId,
    product_id: order.productId,
    product_name: order.productName,
    category_id: order.categoryId ?? null,
    quantity: order.quantity,
    delivery_type: order.deliveryType,
    unit_price_cents: order.unitPriceCents,
    initial_price_cents: order.initialPriceCents ?? null,
    total_cents: order.totalCents,
    status: order.status,
    notes: order.notes,
    price_chain: order.priceChain,
    backordered: order.backordered ?? false,
    sourcing: order.sourcing ?? 'local',
  };
}

/**
 * The row `values` makes once written at `createdAt`. Written out column by column: `{ ...values,
 * more }` made V8 build the object the slow way, and each order makes two.
 */
export function orderRowOf(values: NewOrder, createdAt: Date): OrderRow {
  return {
    id: values.id,
    buyerId: values.buyerId,
    sellerId: values.sellerId,
    productId: values.productId,
    productName: values.productName,
    categoryId: values.categoryId ?? null,
    quantity: values.quantity,
    deliveryType: values.deliveryType,
    unitPriceCents: values.unitPriceCents,
    initialPriceCents: values.initialPriceCents ?? null,
    totalCents: values.totalCents,
    status: values.status,
    notes: values.notes,
    backordered: values.backordered ?? false,
    sourcing: values.sourcing ?? 'local',
    rejectionReason: null,
    deliveredKeys: null,
    priceChain: values.priceChain,
    respondedById: null,
    createdAt,
    // now() is the transaction's start, so both columns hold the same moment.
    deliveredAt: values.status === 'completed' ? createdAt : null,
    respondedAt: null,
  };
}

/**
 * The `order.created` event's data (DESIGN.md §9): the order without its keys. Its times are the
 * order's creation, set by `place_order`.
 */
function createdEvent(plan: OrderPlan) {
  return { order: orderWithoutKeys({ ...plan.refs, order: orderRowOf(plan.order, new Date(0)) }) };
}

/** The `order.pending` notification's data: what the administrators are asked to answer. */
function pendingNote(plan: OrderPlan) {
  const { order } = plan;
  return {
    orderId: order.id,
    productName: order.productName,
    quantity: order.quantity,
    totalAmount: fromCents(order.totalCents),
    buyer: { id: plan.refs.buyer.id, username: plan.refs.buyer.username },
  };
}
