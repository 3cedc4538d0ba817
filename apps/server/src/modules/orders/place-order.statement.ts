/**
 * The statement that writes an order: one round trip on the busiest write path there is. It
 * writes the idempotency record, the buyer's debit and its ledger row, the order, its keys, the
 * stock, the sellers' profit and their ledger rows, the audit row. A single statement is atomic
 * on its own (no BEGIN, no COMMIT) and holds its row locks for no longer than itself and its
 * commit.
 *
 * THE LOCK ORDER. Whatever locks more than one of these rows takes them in this order: the
 * buyer's user row, then a request product's row, then the sellers' user rows, nearest the buyer
 * first. No two writers then wait on each other the other way round, so they cannot deadlock.
 * This statement takes them so (below); so do `OrdersService.respond` (refund, then the stock
 * returned), `creditProfitChain` (profit.ts) and a transfer to an invitee (the invitee is below
 * the sender, so it comes first). Comments elsewhere point here as "the lock order".
 *
 * Each step that can fall short (the key already recorded, the balance, the keys, a request
 * product's stock, a seller's row) is a CTE whose rows say whether it happened. The WHERE clause
 * reads them in that order and hands the first shortfall to `keymarket_refuse` (migration 0005),
 * which raises and so undoes everything (`order-refusals.ts` reads the reason back). Being a
 * condition on no column, it is checked once, before the main query's rows, so it is also what
 * fixes the lock order: the buyer's row (the debit), then a request product's (the stock), then
 * the sellers' (their profit, nearest first: `profitMargins`). The CTEs the condition does not
 * read (the order, the ledger and audit rows) run after it; PostgreSQL runs those in an order of
 * its own, which is why every row lock is taken inside the condition.
 *
 * SKIP LOCKED lets concurrent buyers take different keys instead of queueing on the same rows; a
 * key can be claimed by one order only because the lock re-checks `order_id IS NULL` on the row
 * it locked (and the UPDATE once more). `= any(array(…))` rather than `in (…)`: PostgreSQL then
 * looks the claimed keys up by id whatever it guesses the LIMIT to be, where `in` let a generic
 * plan (a named statement's) scan every key of the table.
 *
 * The `order.created` event goes into the outbox in the same statement, when the buyer (or an
 * administrator) has an endpoint subscribed to it (`outboxEventCtes`): a crash cannot separate it
 * from the order.
 *
 * The stock change is `stock.ts`'s (`stockTakenByOrder`): an instant product's sale appends a
 * change instead of updating the product's row (the keys claimed already prove the stock was
 * there), and a request product's stock is taken from the row, on condition.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@keymarket/contracts/orders';
import { fromCents } from '@keymarket/contracts/money';
import { preparedRowsOf, type Executor } from '../../db/client';
import type { OrderRow, orders } from '../../db/schema/index';
import { jsonParam, outboxEventCtes } from '../outbox/outbox-events';
import { lowStockNotificationCte, notifyAdminsCte } from '../notifications/notification-writes';
import { accrualInsert } from '../ledger/profit-accruals';
import {
  auditInsert,
  bucketMove,
  type AuditRecord,
  type LedgerContext,
} from '../ledger/ledger.repository';
import { productStock, stockTakenByOrder } from '../products/stock';
import { idempotencyReservation, type IdempotencyRecord } from './idempotency';
import { orderRefusalOf, type OrderRefusal } from './order-refusals';
import { orderWithoutKeys } from './order-view';
import type { OrderWithRefs } from './orders.repository';
import type { Margin } from './profit';

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'createdAt' | 'deliveredAt' | 'deliveredKeys' | 'respondedAt' | 'respondedById'
> & { id: string; status: OrderStatus; notes: string | null; sellerId: string | null };

export interface PlacedRow {
  order: OrderRow;
  /** The keys claimed for it, sealed, in the order a later read lists them (by id). */
  keys: { id: string; ciphertext: Buffer }[];
}

/** Everything an order writes, decided beforehand from the product, the chain and the prices. */
export interface OrderPlan {
  order: NewOrder;
  /** Unsold keys to claim: the quantity for an instant product, none for a request. */
  claim: number;
  /** The buyer pays `order.totalCents` out of its balance (nothing when it is free). */
  debit: LedgerContext | null;
  /** Paid at once for an instant order; a request order pays them when it is completed. */
  margins: readonly Margin[];
  audit: AuditRecord;
  /** Recorded with the order, so the two commit or vanish together (`idempotency.ts`). */
  idempotency: IdempotencyRecord | null;
  /** The buyer, seller and category as the order's answer and its `order.created` event name them. */
  refs: Omit<OrderWithRefs, 'order'>;
  /**
   * The product's low-stock threshold, when this sale may bring its stock down to it
   * (`lowStockCte`); null when it plainly cannot, so the statement carries nothing for it.
   */
  lowStockThreshold: number | null;
}

/** Writes the order `plan` describes, or answers why the statement refused it. */
export async function placeOrder(db: Executor, plan: OrderPlan): Promise<PlacedRow | OrderRefusal> {
  const values = plan.order;
  try {
    const rows = await preparedRowsOf<{
      created_at: string;
      id: string | null;
      ciphertext: Uint8Array | null;
    }>(db, orderStatement(plan));
    // Not refused, the statement answers one row, or one per claimed key.
    const [first] = rows;
    if (!first) throw new Error('The order statement answered no row');
    return {
      order: orderRowOf(values, new Date(first.created_at)),
      keys: rows.flatMap((r) =>
        r.id && r.ciphertext ? [{ id: r.id, ciphertext: Buffer.from(r.ciphertext) }] : [],
      ),
    };
  } catch (error) {
    const refusal = orderRefusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** The row `values` makes once written at `createdAt`. */
function orderRowOf(values: NewOrder, createdAt: Date): OrderRow {
  return {
    ...values,
    categoryId: values.categoryId ?? null,
    backordered: values.backordered ?? false,
    initialPriceCents: values.initialPriceCents ?? null,
    rejectionReason: null,
    deliveredKeys: null,
    respondedById: null,
    createdAt,
    // now() is the statement's start, so both columns hold the same moment.
    deliveredAt: values.status === 'completed' ? createdAt : null,
    respondedAt: null,
  };
}

/**
 * The `order.created` event's data (DESIGN.md §9): the order without its keys. Its times are the
 * statement's `now()`, set in the statement.
 */
function createdEventData(plan: OrderPlan): SQL {
  const order = orderWithoutKeys({ ...plan.refs, order: orderRowOf(plan.order, new Date(0)) });
  const now = sql`to_jsonb(to_char(placed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const withCreated = sql`jsonb_set(${jsonParam({ order })}, '{order,createdAt}', ${now})`;
  return order.deliveredAt === null
    ? withCreated
    : sql`jsonb_set(${withCreated}, '{order,deliveredAt}', ${now})`;
}

/** The `order.pending` notification's data: what the administrators are asked to answer. */
function pendingNotificationData(plan: OrderPlan): SQL {
  const { order } = plan;
  return jsonParam({
    orderId: order.id,
    productName: order.productName,
    quantity: order.quantity,
    totalAmount: fromCents(order.totalCents),
    buyer: { id: plan.refs.buyer.id, username: plan.refs.buyer.username },
  });
}

/**
 * The `stock.low` notification (`lowStockNotificationCte`), when this sale takes the product's
 * stock across its threshold. The stock after is the statement's snapshot (the counter and the
 * pending changes, `productStock`) less this sale, whose own change the snapshot does not see:
 * concurrent sales each see the stock without the others' uncommitted units, and the skipped
 * unread alert holds two that cross at once to one. The insert writes a row only on the crossing.
 */
function lowStockCte(plan: OrderPlan, threshold: number): SQL {
  const { productId, quantity } = plan.order;
  return lowStockNotificationCte('low_stock_note', {
    productId,
    taken: quantity,
    stockAfter: sql`${productStock} - ${quantity}::int`,
    threshold: sql`${threshold}::int`,
    signal: false,
  });
}

/** `placeOrder`'s statement: the order's creation time, then one row per claimed key. */
export function orderStatement(plan: OrderPlan): SQL {
  const { order: values, claim, debit, idempotency } = plan;
  const delivered = values.status === 'completed';
  const eventData = createdEventData(plan);
  const ctes: SQL[] = [
    sql`reserved as (${idempotency ? idempotencyReservation(idempotency) : sql`select 1`})`,
    debit
      ? bucketMove('debited', values.buyerId, 'balance', -values.totalCents, debit)
      : sql`debited as (select 1)`,
    sql`claimed as (
      update product_keys set order_id = ${values.id}::uuid, sold_at = now()
      where id = any(array(select id from product_keys
                           where product_id = ${values.productId}::uuid and order_id is null
                           order by position
                           limit ${claim}::int for update skip locked))
        and order_id is null
      returning id, ciphertext
    )`,
    // A backorder takes no stock: it waits for keys (`fill-backorders.ts` takes them then).
    sql`taken as (${values.backordered ? sql`select 1` : stockTakenByOrder(values)})`,
    sql`placed as (
      insert into orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity,
        delivery_type, unit_price_cents, initial_price_cents, total_cents, status, notes,
        price_chain, delivered_at, backordered)
      values (${values.id}::uuid, ${values.buyerId}::uuid, ${values.sellerId}::uuid,
        ${values.productId}::uuid, ${values.productName}::text, ${values.categoryId ?? null}::uuid,
        ${values.quantity}::int, ${values.deliveryType}::delivery_type,
        ${values.unitPriceCents}::bigint, ${values.initialPriceCents ?? null}::bigint,
        ${values.totalCents}::bigint, ${values.status}::order_status, ${values.notes}::text,
        ${JSON.stringify(values.priceChain)}::jsonb, ${delivered ? sql`now()` : sql`null`},
        ${values.backordered ?? false}::boolean)
      returning created_at
    )`,
    ...plan.margins.map(({ sellerId, marginCents }, i) =>
      accrualInsert(`profit_${i}`, sellerId, marginCents, values),
    ),
    sql`audited as (${auditInsert(plan.audit)})`,
    // Notifications (DESIGN.md §12), without their live signals: the service publishes those
    // after the commit (`LivePublisher`), since NOTIFY would serialise every order's commit.
    ...(values.status === 'pending'
      ? [
          notifyAdminsCte('pending_note', {
            type: 'order.pending',
            data: pendingNotificationData(plan),
            source: sql`placed`,
            signal: false,
          }),
        ]
      : []),
    ...(plan.lowStockThreshold === null ? [] : [lowStockCte(plan, plan.lowStockThreshold)]),
    // Written only when an endpoint is subscribed (`outboxEventCtes`).
    outboxEventCtes('created_event', {
      type: 'order.created',
      userId: sql`${values.buyerId}::uuid`,
      data: eventData,
      source: sql`placed`,
    }),
    // An instant order is completed as it is created: a receiver waiting for completions hears of it.
    ...(delivered
      ? [
          outboxEventCtes('completed_event', {
            type: 'order.completed',
            userId: sql`${values.buyerId}::uuid`,
            data: eventData,
            source: sql`placed`,
          }),
        ]
      : []),
  ];
  // The refusal reasons are `OrderRefusal`'s; a new one needs its case there (order-refusals.ts).
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select to_char(placed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           claimed.id, claimed.ciphertext
    from placed left join claimed on true
    where keymarket_refuse(case
      when not exists (select 1 from reserved) then 'idempotency_key_taken'
      when not exists (select 1 from debited) then 'insufficient_balance'
      when (select count(*) from claimed) < ${claim}::int then 'out_of_stock'
      when not exists (select 1 from taken) then 'out_of_stock'
      ${sql.join(
        plan.margins.map(
          (_, i) => sql`when not exists (select 1 from ${sql.identifier(`profit_${i}`)})
                        then 'seller_missing'`,
        ),
        sql` `,
      )}
    end)
    order by claimed.id`;
}
