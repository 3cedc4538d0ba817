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
import { rowsOf, type Executor } from '../../db/client';
import { categories, orders, productKeys, products, users } from '../../db/schema/index';
import { auditInsert, type AuditRecord } from '../ledger/ledger.repository';
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

/** A product on sale, with the names of its category (for the order's answer). */
export async function findLiveProduct(db: Executor, productId: string) {
  const [row] = await db
    .select({
      product: { ...getTableColumns(products), stock: productStock },
      category: categoryRef,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Takes `quantity` from the product's stock and writes the order's audit row, in one statement
 * (one round trip less on the money path). False: not enough stock, and the caller must undo the
 * transaction (the audit row goes with it).
 *
 * An instant product's sale appends a stock change instead of updating the product's row
 * (`stock.ts`): the keys the order claimed already prove the stock was there, and no buyer of
 * the product waits for another's commit. A request product's stock is a number the admin sets,
 * so it is taken from the row, on condition, the CHECK (stock >= 0) backing it.
 */
export async function takeStockAndAudit(
  db: Executor,
  product: { id: string; deliveryType: 'instant' | 'request' },
  quantity: number,
  audit: AuditRecord,
): Promise<boolean> {
  const taken =
    product.deliveryType === 'instant'
      ? sql`${stockSaleInsert(product.id, quantity)} returning product_id`
      : sql`update products set stock = stock - ${quantity}::int
            where id = ${product.id}::uuid and stock >= ${quantity}::int
            returning id`;
  const [row] = await rowsOf<{ taken: number }>(
    db,
    sql`with taken as (${taken}), audited as (${auditInsert(audit)})
        select count(*)::int as taken from taken`,
  );
  return row!.taken === 1;
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

/**
 * Inserts the order and claims `claim` unsold keys for it, in one statement (one round trip on
 * the money path). Fewer keys than asked come back when the stock is short: the caller checks
 * and undoes the transaction. SKIP LOCKED lets concurrent buyers take different keys instead of
 * queueing on the same rows; a key can be claimed by one order only because the UPDATE re-checks
 * `order_id IS NULL` on the row it locked. A completed (instant) order is delivered at once.
 */
export async function insertOrderClaimingKeys(
  db: Executor,
  values: NewOrder,
  claim: number,
): Promise<PlacedRow> {
  const delivered = values.status === 'completed';
  const rows = await rowsOf<{
    created_at: string;
    id: string | null;
    ciphertext: Uint8Array | null;
  }>(
    db,
    sql`
    with placed as (
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
    ), claimed as (
      update product_keys set order_id = ${values.id}::uuid, sold_at = now()
      where id in (select id from product_keys
                   where product_id = ${values.productId}::uuid and order_id is null
                   order by created_at, id
                   limit ${claim}::int for update skip locked)
      returning id, ciphertext
    )
    select to_char(placed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           claimed.id, claimed.ciphertext
    from placed left join claimed on true
    order by claimed.id`,
  );
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
      // now() is the transaction's start, so both columns hold the same moment.
      deliveredAt: delivered ? createdAt : null,
      respondedAt: null,
    },
    keys: rows.flatMap((r) =>
      r.id && r.ciphertext ? [{ id: r.id, ciphertext: Buffer.from(r.ciphertext) }] : [],
    ),
  };
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
