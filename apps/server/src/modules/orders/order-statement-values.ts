/**
 * The order statement's shape and values (place-order.statement.ts): it is rendered once per
 * shape and sent with each order's values (statement-shapes.ts). The shape is everything of a
 * plan that changes the statement's text; the values are everything else, one per placeholder.
 * A fact of the plan the text comes to depend on must become a field of `OrderShape`; a value the
 * statement comes to bind must become one of `OrderValues`, computed here as the statement's
 * helpers compute it (`auditRowOf`, `idempotencyRowOf`, `saleDelta`, `jsonText`).
 */
import type { OrderStatus } from '@keymarket/contracts/orders';
import { fromCents } from '@keymarket/contracts/money';
import type { OrderRow } from '../../db/schema/index';
import { auditRowOf } from '../ledger/ledger.repository';
import { jsonText } from '../outbox/outbox-events';
import { saleDelta } from '../products/stock';
import { idempotencyRowOf } from './idempotency';
import { orderWithoutKeys } from './order-view';
import type { NewOrder, OrderPlan } from './order-plan';

/** What of a plan changes the order statement's text. */
export interface OrderShape {
  /** `completed` (an instant sale: delivered now, `order.completed`) or `pending`. */
  status: OrderStatus;
  /** What the sale takes: an instant product's change row, a request product's counter, or nothing yet (a backorder). */
  stock: NewOrder['deliveryType'] | 'backorder';
  /** The buyer pays (`debited`); a free order carries no debit. */
  debit: boolean;
  /** An Idempotency-Key is recorded with the order (`reserved`). */
  idempotency: boolean;
  /** One `profit_n` CTE per margin. */
  margins: number;
  /** The `stock.low` check (`lowStockThreshold` not null). */
  lowStock: boolean;
  /** The outbox events, or the check that nobody takes them (`OrderPlan.events`). */
  events: boolean;
}

export function orderShapeOf(plan: OrderPlan): OrderShape {
  return {
    status: plan.order.status,
    stock: plan.order.backordered ? 'backorder' : plan.order.deliveryType,
    debit: Boolean(plan.debit),
    idempotency: Boolean(plan.idempotency),
    margins: plan.margins.length,
    lowStock: plan.lowStockThreshold !== null,
    events: plan.events,
  };
}

type AuditRow = ReturnType<typeof auditRowOf>;
type IdempotencyRow = ReturnType<typeof idempotencyRowOf>;

/**
 * Every value the order statement binds, by its placeholder's name. The parts of a shape that
 * only some plans have (a debit, a key, margins, a pending order's note, the low-stock check)
 * have their values only then.
 */
export type OrderValues = {
  orderId: string;
  buyerId: string;
  sellerId: string | null;
  productId: string;
  productName: string;
  categoryId: string | null;
  quantity: number;
  deliveryType: NewOrder['deliveryType'];
  unitPriceCents: bigint;
  initialPriceCents: bigint | null;
  totalCents: bigint;
  status: OrderStatus;
  notes: string | null;
  /** `price_chain`, as JSON text. */
  priceChain: string;
  backordered: boolean;
  /** Keys to claim. */
  claim: number;
  /** An instant sale's stock change (`saleDelta`). */
  stockDelta: number;
  auditActorId: AuditRow['actorId'];
  auditAction: AuditRow['action'];
  auditTargetType: AuditRow['targetType'];
  auditTargetId: AuditRow['targetId'];
  auditBefore: AuditRow['before'];
  auditAfter: AuditRow['after'];
  /** The `order.created` (and `order.completed`) event's data, as JSON text, before its times. */
  createdEvent: string;
  /** The buyer's balance move, `-totalCents`, and its ledger row's context. */
  debitCents: bigint;
  debitKind: NonNullable<OrderPlan['debit']>['kind'];
  debitActorId: string | null;
  debitOrderId: string | null;
  debitCounterpartyId: string | null;
  debitNote: string | null;
  idempotencyUserId: IdempotencyRow['userId'];
  idempotencyKey: IdempotencyRow['key'];
  idempotencyHash: IdempotencyRow['hash'];
  idempotencyStatusCode: IdempotencyRow['statusCode'];
  idempotencyResponse: IdempotencyRow['response'];
  /** The `order.pending` notification's data, as JSON text. */
  pendingNote: string;
  lowStockThreshold: number;
  [seller: `margin${number}Seller`]: string;
  [cents: `margin${number}Cents`]: bigint;
};

/** `plan`'s values for its shape's statement. */
export function orderValues(plan: OrderPlan): Partial<OrderValues> {
  const { order, debit, idempotency } = plan;
  const audit = auditRowOf(plan.audit);
  const values: Partial<OrderValues> = {
    orderId: order.id,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    productId: order.productId,
    productName: order.productName,
    categoryId: order.categoryId ?? null,
    quantity: order.quantity,
    deliveryType: order.deliveryType,
    unitPriceCents: order.unitPriceCents,
    initialPriceCents: order.initialPriceCents ?? null,
    totalCents: order.totalCents,
    status: order.status,
    notes: order.notes,
    priceChain: JSON.stringify(order.priceChain),
    backordered: order.backordered ?? false,
    claim: plan.claim,
    stockDelta: saleDelta(order.quantity),
    auditActorId: audit.actorId,
    auditAction: audit.action,
    auditTargetType: audit.targetType,
    auditTargetId: audit.targetId,
    auditBefore: audit.before,
    auditAfter: audit.after,
  };
  if (plan.events) values.createdEvent = createdEventJson(plan);
  if (debit) {
    values.debitCents = -order.totalCents;
    values.debitKind = debit.kind;
    values.debitActorId = debit.actorId;
    values.debitOrderId = debit.orderId ?? null;
    values.debitCounterpartyId = debit.counterpartyId ?? null;
    values.debitNote = debit.note ?? null;
  }
  if (idempotency) {
    const row = idempotencyRowOf(idempotency);
    values.idempotencyUserId = row.userId;
    values.idempotencyKey = row.key;
    values.idempotencyHash = row.hash;
    values.idempotencyStatusCode = row.statusCode;
    values.idempotencyResponse = row.response;
  }
  plan.margins.forEach(({ sellerId, marginCents }, i) => {
    values[`margin${i}Seller`] = sellerId;
    values[`margin${i}Cents`] = marginCents;
  });
  if (order.status === 'pending') values.pendingNote = pendingNoteJson(plan);
  if (plan.lowStockThreshold !== null) values.lowStockThreshold = plan.lowStockThreshold;
  return values;
}

/**
 * The row `values` makes once written at `createdAt`. Written out column by column: `{ ...values,
 * more }` made V8 build the object the slow way, some 9 µs of CPU, and each order makes two.
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
    rejectionReason: null,
    deliveredKeys: null,
    priceChain: values.priceChain,
    respondedById: null,
    createdAt,
    // now() is the statement's start, so both columns hold the same moment.
    deliveredAt: values.status === 'completed' ? createdAt : null,
    respondedAt: null,
  };
}

/**
 * The `order.created` event's data (DESIGN.md §9): the order without its keys. Its times are the
 * statement's `now()`, set in the statement (`createdEventData`).
 */
function createdEventJson(plan: OrderPlan): string {
  const order = orderWithoutKeys({ ...plan.refs, order: orderRowOf(plan.order, new Date(0)) });
  return jsonText({ order });
}

/** The `order.pending` notification's data: what the administrators are asked to answer. */
function pendingNoteJson(plan: OrderPlan): string {
  const { order } = plan;
  return jsonText({
    orderId: order.id,
    productName: order.productName,
    quantity: order.quantity,
    totalAmount: fromCents(order.totalCents),
    buyer: { id: plan.refs.buyer.id, username: plan.refs.buyer.username },
  });
}
