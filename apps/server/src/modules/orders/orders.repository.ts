import {
  and,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@keymarket/contracts/orders';
import { preparedRowsOf, type Database, type Executor } from '../../db/client';
import { categories, orders, productKeys, products, users } from '../../db/schema/index';
import {
  auditInsert,
  bucketMove,
  type AuditRecord,
  type LedgerContext,
} from '../ledger/ledger.repository';
import { batchedLookup } from '../../lib/batched-lookup';
import { refusalOf } from '../../lib/pg-errors';
import { idempotencyReservation, type IdempotencyRecord } from './idempotency';
import type { Margin } from './profit';
import { selfAndDownlineIds } from '../users/downline';
import { escapeLike } from '../products/products.repository';
import { productStock, stockSaleInsert } from '../products/stock';

export type OrderRow = typeof orders.$inferSelect;

const categoryRef = {
  id: categories.id,
  nameEn: categories.nameEn,
  nameFr: categories.nameFr,
  nameAr: categories.nameAr,
};

/**
 * A product on sale, with the names of its category (for the order's answer). Every order reads
 * it, so the reads of the orders that arrive together go out as one query (`batchedLookup`),
 * built once for `db` and named. The row handed to each caller may be shared with the other
 * orders of its batch: read it, never change it. It runs on `db` itself, never inside a
 * transaction (on PGlite it would wait for that one).
 */
export function liveProductLookup(db: Database) {
  const query = db
    .select({
      product: { ...getTableColumns(products), stock: productStock },
      category: categoryRef,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        sql`${products.id} = any(${sql.placeholder('productIds')}::uuid[])`,
        isNull(products.deletedAt),
      ),
    )
    .prepare('find_live_products');
  const lookup = batchedLookup(async (productIds: readonly string[]) => {
    const rows = await query.execute({ productIds });
    return new Map(rows.map((row) => [row.product.id, row]));
  });
  // PostgreSQL answers ids in lower case; the schema also accepts upper-case hex.
  return (productId: string) => lookup(productId.toLowerCase());
}

export async function returnStock(db: Executor, productId: string, quantity: number) {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}

export async function keysOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: productKeys.orderId, ciphertext: productKeys.ciphertext })
    .from(productKeys)
    .where(inArray(productKeys.orderId, orderIds))
    .orderBy(productKeys.soldAt, productKeys.id);
}

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
}

/** Why an order was refused; nothing of it was written. */
export type OrderRefusal =
  | 'idempotency_key_taken'
  | 'insufficient_balance'
  | 'out_of_stock'
  /** A seller of the chain has no row to credit: users are never deleted, so this is a bug. */
  | 'seller_missing';

/**
 * Writes an order in one statement, one round trip on the busiest write path there is: the
 * idempotency record, the buyer's debit and its ledger row, the order, its keys, the stock, the
 * sellers' profit and their ledger rows, the audit row. A single statement is atomic on its own
 * (no BEGIN, no COMMIT) and holds its row locks for no longer than itself and its commit.
 *
 * Each step that can fall short (the key already recorded, the balance, the keys, a request
 * product's stock, a seller's row) is a CTE whose rows say whether it happened. The WHERE clause
 * reads them in that order and hands the first shortfall to `keymarket_refuse` (migration 0005),
 * which raises and so undoes everything. Being a condition on no column, it is checked once,
 * before the main query's rows, so it also fixes the order the rows are locked in: the buyer's,
 * then a request product's (as `respond` takes them), then the sellers' nearest the buyer first
 * (as `respond`, transfers and every other order take them). No two of them wait on each other
 * the other way round, so they cannot deadlock. The CTEs the condition does not read (the order,
 * the ledger and audit rows) run after it; PostgreSQL runs those in an order of its own, which
 * is why every row lock is taken inside the condition.
 *
 * SKIP LOCKED lets concurrent buyers take different keys instead of queueing on the same rows; a
 * key can be claimed by one order only because the lock re-checks `order_id IS NULL` on the row
 * it locked (and the UPDATE once more). `= any(array(…))` rather than `in (…)`: PostgreSQL then
 * looks the claimed keys up by id whatever it guesses the LIMIT to be, where `in` let a generic
 * plan (a named statement's) scan every key of the table.
 *
 * An instant product's sale appends a stock change instead of updating the product's row
 * (`stock.ts`): the keys claimed already prove the stock was there, and no buyer of the product
 * waits for another's commit. A request product's stock is a number the admin sets, so
 * it is taken from the row, on condition, the CHECK (stock >= 0) backing it.
 */
export async function placeOrder(
  db: Executor,
  plan: OrderPlan,
): Promise<PlacedRow | { refused: OrderRefusal }> {
  const values = plan.order;
  const delivered = values.status === 'completed';
  try {
    const rows = await preparedRowsOf<{
      created_at: string;
      id: string | null;
      ciphertext: Uint8Array | null;
    }>(db, orderStatement(plan));
    const createdAt = new Date(rows[0]!.created_at);
    return {
      order: {
        ...values,
        categoryId: values.categoryId ?? null,
        initialPriceCents: values.initialPriceCents ?? null,
        rejectionReason: null,
        deliveredKeys: null,
        respondedById: null,
        createdAt,
        // now() is the statement's start, so both columns hold the same moment.
        deliveredAt: delivered ? createdAt : null,
        respondedAt: null,
      },
      keys: rows.flatMap((r) =>
        r.id && r.ciphertext ? [{ id: r.id, ciphertext: Buffer.from(r.ciphertext) }] : [],
      ),
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { refused: refusal as OrderRefusal };
    throw error;
  }
}

/** `placeOrder`'s statement: the order's creation time, then one row per claimed key. */
export function orderStatement(plan: OrderPlan): SQL {
  const { order: values, claim, debit, idempotency } = plan;
  const delivered = values.status === 'completed';
  const ctes: SQL[] = [
    sql`reserved as (${idempotency ? idempotencyReservation(idempotency) : sql`select 1`})`,
    debit
      ? bucketMove('debited', values.buyerId, 'balance', -values.totalCents, debit)
      : sql`debited as (select 1)`,
    sql`claimed as (
      update product_keys set order_id = ${values.id}::uuid, sold_at = now()
      where id = any(array(select id from product_keys
                           where product_id = ${values.productId}::uuid and order_id is null
                           order by created_at, id
                           limit ${claim}::int for update skip locked))
        and order_id is null
      returning id, ciphertext
    )`,
    sql`taken as (${
      values.deliveryType === 'instant'
        ? sql`${stockSaleInsert(values.productId, values.quantity)} returning product_id`
        : sql`update products set stock = stock - ${values.quantity}::int
              where id = ${values.productId}::uuid and stock >= ${values.quantity}::int
              returning id`
    })`,
    sql`placed as (
      insert into orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity,
        delivery_type, unit_price_cents, initial_price_cents, total_cents, status, notes,
        price_chain, delivered_at)
      values (${values.id}::uuid, ${values.buyerId}::uuid, ${values.sellerId}::uuid,
        ${values.productId}::uuid, ${values.productName}::text, ${values.categoryId ?? null}::uuid,
        ${values.quantity}::int, ${values.deliveryType}::delivery_type,
        ${values.unitPriceCents}::bigint, ${values.initialPriceCents ?? null}::bigint,
        ${values.totalCents}::bigint, ${values.status}::order_status, ${values.notes}::text,
        ${JSON.stringify(values.priceChain)}::jsonb, ${delivered ? sql`now()` : sql`null`})
      returning created_at
    )`,
    ...plan.margins.map(({ sellerId, marginCents }, i) =>
      bucketMove(`profit_${i}`, sellerId, 'profit', marginCents, {
        kind: 'profit',
        actorId: values.buyerId,
        orderId: values.id,
        counterpartyId: values.buyerId,
      }),
    ),
    sql`audited as (${auditInsert(plan.audit)})`,
  ];
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

/**
 * Moves a pending order to its final state. Conditional on status = 'pending', so whatever races
 * (complete against reject, two admins, the buyer cancelling) exactly one transition happens.
 */
export async function leavePending(
  db: Executor,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
) {
  const [row] = await db
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  return row;
}

export async function findOrder(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export interface OrderScope {
  /** undefined: every order (admins). */
  buyerIds?: SQL;
  status?: OrderStatus;
  search?: string;
}

export function scopeFor(userId: string, isAdmin: boolean, showAll: boolean): SQL | undefined {
  if (isAdmin) return undefined;
  return showAll
    ? sql`${orders.buyerId} in ${selfAndDownlineIds(userId)}`
    : eq(orders.buyerId, userId);
}

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

function whereOf(scope: SQL | undefined, status?: OrderStatus, search?: string) {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return and(
    scope,
    status ? eq(orders.status, status) : undefined,
    pattern ? or(ilike(orders.productName, pattern), ilike(buyer.username, pattern)) : undefined,
  );
}

export async function listOrders(
  db: Executor,
  filter: {
    scope: SQL | undefined;
    status?: OrderStatus;
    search?: string;
    limit: number;
    offset: number;
  },
) {
  const where = whereOf(filter.scope, filter.status, filter.search);
  const base = () =>
    db
      .select({
        order: orders,
        buyer: { id: buyer.id, username: buyer.username },
        seller: { id: seller.id, username: seller.username },
        category: categoryRef,
      })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .leftJoin(seller, eq(seller.id, orders.sellerId))
      .leftJoin(categories, eq(categories.id, orders.categoryId));
  const rows = await base()
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows;
}

export async function orderWithRefs(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      buyer: { id: buyer.id, username: buyer.username },
      seller: { id: seller.id, username: seller.username },
      category: categoryRef,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(categories, eq(categories.id, orders.categoryId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof orderWithRefs>>>;

/** Counts for the stat cards over the same scope and search as the list (status filter aside). */
export async function orderStats(db: Executor, scope: SQL | undefined, search?: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
      completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
      rejected: sql<number>`(count(*) filter (where ${orders.status} = 'rejected'))::int`,
      revenueCents: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'completed'), 0)::text`,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .where(whereOf(scope, undefined, search));
  return row!;
}
