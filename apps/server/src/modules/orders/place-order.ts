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
 * The trigger that keeps `users.order_webhooks` (migration 0022) locks one user's row after
 * that user's endpoint row; nothing here locks an endpoint.
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
 * EVENTS. The `order.created` (and an instant order's `order.completed`) event goes into the
 * outbox in the same statement, when the buyer (or an administrator) has an endpoint subscribed
 * to it (`outboxEventsCtes`): a crash cannot separate it from the order. Most buyers have none,
 * and reading the endpoints and initialising the inserts was ~13 % of the statement's CPU
 * (bench/README.md), so a plan that expects no receiver (`OrderPlan.events` false) carries none
 * of it, only a check of the flags a trigger keeps (`users.order_webhooks`, migration 0022): the
 * buyer's, read from the row the debit locks (so an endpoint committed before the debit is seen),
 * and the administrators'. If one is set, the order is refused (`order_events`), which undoes the
 * debit, and the service places it again with the events.
 *
 * The stock change is `stock.ts`'s (`stockTakenByOrder`): an instant product's sale appends a
 * change instead of updating the product's row (the keys claimed already prove the stock was
 * there), and a request product's stock is taken from the row, on condition.
 *
 * RENDERED ONCE PER SHAPE. Building this tree of some sixty values and rendering it was a tenth
 * of the server's CPU under load (bench/README.md, Orders), so `orderSql` builds it from the
 * plan's shape alone (`OrderShape`: what changes the text) with a placeholder for every value,
 * it is rendered once per shape (statement-shapes.ts), and each order sends that text, under the
 * same name, with its own values (`orderValues`). `orderSql` never sees a value: in
 * `orderStatement` the same function binds the values themselves, and a test holds the two to
 * the same text and parameters for plans of every shape (orders-statement-shapes.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { preparedRenderedRowsOf, type Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema/index';
import { boundParams, shapedStatements, type OrPlaceholder } from '../../db/statement-shapes';
import { outboxEventsCtes } from '../outbox/outbox-events';
import { lowStockNotificationCte, notifyAdminsCte } from '../notifications/notification-writes';
import { accrualInsert } from '../ledger/profit-accruals';
import { auditRowInsert, bucketMove } from '../ledger/ledger.repository';
import { productStock, stockTakenBy } from '../products/stock';
import { idempotencyRowInsert } from './idempotency';
import type { OrderPlan } from './order-plan';
import {
  orderRowOf,
  orderShapeOf,
  orderValues,
  type OrderShape,
  type OrderValues,
} from './order-statement-values';
import { orderRefusalOf, type OrderRefusal } from './order-refusals';

export type { NewOrder, OrderPlan } from './order-plan';

export interface PlacedRow {
  order: OrderRow;
  /** The keys claimed for it, sealed, in the order a later read lists them (by id). */
  keys: { id: string; ciphertext: Buffer }[];
  /**
   * Whether the buyer or an administrator listens for its events, by their flags (EVENTS,
   * above); false for a plan without events, which such an order refuses.
   */
  heard: boolean;
}

/** Writes the order `plan` describes, or answers why the statement refused it. */
export async function placeOrder(db: Executor, plan: OrderPlan): Promise<PlacedRow | OrderRefusal> {
  try {
    const rows = await preparedRenderedRowsOf<{
      created_at: string;
      id: string | null;
      ciphertext: Uint8Array | null;
      heard?: boolean;
    }>(db, orderStatements.of(orderShapeOf(plan)), orderValues(plan));
    // Not refused, the statement answers one row, or one per claimed key.
    const [first] = rows;
    if (!first) throw new Error('The order statement answered no row');
    return {
      order: orderRowOf(plan.order, new Date(first.created_at)),
      keys: rows.flatMap((r) =>
        r.id && r.ciphertext ? [{ id: r.id, ciphertext: Buffer.from(r.ciphertext) }] : [],
      ),
      heard: first.heard ?? false,
    };
  } catch (error) {
    const refusal = orderRefusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** The statement of each shape, with its placeholders, rendered on its first order. */
export const orderStatements = shapedStatements((shape: OrderShape) =>
  orderSql(shape, (name) => sql.placeholder(name)),
);

/**
 * `placeOrder`'s statement for `plan`, with its values in it: for EXPLAIN and for statements
 * that embed it (tests, bench/diagnose.ts). The same text as the shape's, and the same values.
 */
export function orderStatement(plan: OrderPlan): SQL {
  const values = orderValues(plan);
  return orderSql(orderShapeOf(plan), (name) => {
    if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
    return values[name] as OrderValues[typeof name];
  });
}

/** What `placeOrder` sends for `plan`: its shape's text and its values, in `$n` order. */
export function orderQuery(plan: OrderPlan): { sql: string; params: unknown[] } {
  const statement = orderStatements.of(orderShapeOf(plan));
  return { sql: statement.sql, params: boundParams(statement, orderValues(plan)) };
}

/**
 * One of the statement's values: its placeholder when the statement is rendered for a shape,
 * the value itself in `orderStatement`.
 */
type ValueOf = <K extends keyof OrderValues>(name: K) => OrPlaceholder<OrderValues[K]>;

/**
 * The `order.created` event's data: the order without its keys (`orderValues`), its times the
 * statement's `now()`.
 */
function createdEventData(shape: OrderShape, v: ValueOf): SQL {
  const now = sql`to_jsonb(to_char(placed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const withCreated = sql`jsonb_set(${v('createdEvent')}::jsonb, '{order,createdAt}', ${now})`;
  return shape.status === 'completed'
    ? sql`jsonb_set(${withCreated}, '{order,deliveredAt}', ${now})`
    : withCreated;
}

/**
 * The order's events, for whoever subscribed (`outboxEventsCtes`). An instant order is completed
 * as it is created: a receiver waiting for completions hears of it.
 */
function orderEventCtes(shape: OrderShape, v: ValueOf): SQL {
  const data = createdEventData(shape, v);
  return outboxEventsCtes('order_event', {
    userId: sql`${v('buyerId')}::uuid`,
    source: sql`placed`,
    events: [
      { type: 'order.created', data },
      ...(shape.status === 'completed' ? [{ type: 'order.completed', data }] : []),
    ],
  });
}

/**
 * The `stock.low` notification (`lowStockNotificationCte`), when this sale takes the product's
 * stock across its threshold. The stock after is the statement's snapshot (the counter and the
 * pending changes, `productStock`) less this sale, whose own change the snapshot does not see:
 * concurrent sales each see the stock without the others' uncommitted units, and the skipped
 * unread alert holds two that cross at once to one. The insert writes a row only on the crossing.
 */
function lowStockCte(v: ValueOf): SQL {
  return lowStockNotificationCte('low_stock_note', {
    productId: v('productId'),
    taken: v('quantity'),
    stockAfter: sql`${productStock} - ${v('quantity')}::int`,
    threshold: sql`${v('lowStockThreshold')}::int`,
    signal: false,
  });
}

/**
 * `placeOrder`'s statement for plans of `shape`: the order's creation time, then one row per
 * claimed key. Every value comes from `v`; the text depends on `shape` alone.
 */
function orderSql(shape: OrderShape, v: ValueOf): SQL {
  const delivered = shape.status === 'completed';
  const margins = Array.from({ length: shape.margins }, (_, i) => i);
  const ctes: SQL[] = [
    sql`reserved as (${
      shape.idempotency
        ? idempotencyRowInsert({
            userId: v('idempotencyUserId'),
            key: v('idempotencyKey'),
            hash: v('idempotencyHash'),
            statusCode: v('idempotencyStatusCode'),
            response: v('idempotencyResponse'),
          })
        : sql`select 1`
    })`,
    shape.debit
      ? bucketMove(
          'debited',
          v('buyerId'),
          'balance',
          v('debitCents'),
          {
            kind: v('debitKind'),
            actorId: v('debitActorId'),
            orderId: v('debitOrderId'),
            counterpartyId: v('debitCounterpartyId'),
            note: v('debitNote'),
          },
          sql`order_webhooks`,
        )
      : // A free order: nothing to debit, one row (so not refused), and the buyer's flag.
        sql`debited as (select coalesce((select order_webhooks from users
                                           where id = ${v('buyerId')}::uuid), false) as order_webhooks)`,
    sql`claimed as (
      update product_keys set order_id = ${v('orderId')}::uuid, sold_at = now()
      where id = any(array(select id from product_keys
                           where product_id = ${v('productId')}::uuid and order_id is null
                           order by position
                           limit ${v('claim')}::int for update skip locked))
        and order_id is null
      returning id, ciphertext
    )`,
    // A backorder takes no stock: it waits for keys (`fill-backorders.ts` takes them then).
    sql`taken as (${
      shape.stock === 'backorder'
        ? sql`select 1`
        : stockTakenBy(shape.stock, {
            productId: v('productId'),
            quantity: v('quantity'),
            delta: v('stockDelta'),
          })
    })`,
    sql`placed as (
      insert into orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity,
        delivery_type, unit_price_cents, initial_price_cents, total_cents, status, notes,
        price_chain, delivered_at, backordered)
      values (${v('orderId')}::uuid, ${v('buyerId')}::uuid, ${v('sellerId')}::uuid,
        ${v('productId')}::uuid, ${v('productName')}::text, ${v('categoryId')}::uuid,
        ${v('quantity')}::int, ${v('deliveryType')}::delivery_type,
        ${v('unitPriceCents')}::bigint, ${v('initialPriceCents')}::bigint,
        ${v('totalCents')}::bigint, ${v('status')}::order_status, ${v('notes')}::text,
        ${v('priceChain')}::jsonb, ${delivered ? sql`now()` : sql`null`},
        ${v('backordered')}::boolean)
      returning created_at
    )`,
    ...margins.map((i) =>
      accrualInsert(`profit_${i}`, v(`margin${i}Seller`), v(`margin${i}Cents`), {
        id: v('orderId'),
        buyerId: v('buyerId'),
      }),
    ),
    sql`audited as (${auditRowInsert({
      actorId: v('auditActorId'),
      action: v('auditAction'),
      targetType: v('auditTargetType'),
      targetId: v('auditTargetId'),
      before: v('auditBefore'),
      after: v('auditAfter'),
    })})`,
    // Notifications (DESIGN.md §12), without their live signals: the service publishes those
    // after the commit (`LivePublisher`), since NOTIFY would serialise every order's commit.
    ...(shape.status === 'pending'
      ? [
          notifyAdminsCte('pending_note', {
            type: 'order.pending',
            data: sql`${v('pendingNote')}::jsonb`,
            source: sql`placed`,
            signal: false,
          }),
        ]
      : []),
    ...(shape.lowStock ? [lowStockCte(v)] : []),
    // Written only when an endpoint is subscribed (EVENTS, above).
    ...(shape.events ? [orderEventCtes(shape, v)] : []),
  ];
  // Someone listens for the order's events, by the flags (EVENTS, above).
  const listened = sql`(exists (select 1 from debited where order_webhooks)
    or exists (select 1 from users a where a.role = 'admin' and a.order_webhooks))`;
  // Without the events, nobody may listen. Checked once the buyer's row is locked and the
  // balance known (a short balance is answered as such, not placed again for nothing), and
  // before the keys are claimed, which concurrent buyers would otherwise skip meanwhile.
  const unwrittenEvents = shape.events ? sql`` : sql`when ${listened} then 'order_events'`;
  // The refusal reasons are `OrderRefusal`'s; a new one needs its case there (order-refusals.ts).
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select to_char(placed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           claimed.id, claimed.ciphertext${shape.events ? sql`, ${listened} as heard` : sql``}
    from placed left join claimed on true
    where keymarket_refuse(case
      when not exists (select 1 from reserved) then 'idempotency_key_taken'
      when not exists (select 1 from debited) then 'insufficient_balance'
      ${unwrittenEvents}
      when (select count(*) from claimed) < ${v('claim')}::int then 'out_of_stock'
      when not exists (select 1 from taken) then 'out_of_stock'
      ${sql.join(
        margins.map(
          (i) => sql`when not exists (select 1 from ${sql.identifier(`profit_${i}`)})
                        then 'seller_missing'`,
        ),
        sql` `,
      )}
    end)
    order by claimed.id`;
}
