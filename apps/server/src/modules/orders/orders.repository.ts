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
import type { Database, Executor } from '../../db/client';
import { olderThan } from '../../db/keyset';
import { categories, orders, productKeys, products, users } from '../../db/schema/index';
import { batchedLookup } from '../../lib/batched-lookup';
import { EXPORT_BATCH } from '../../lib/csv';
import { oneRow } from '../../lib/rows';
import { selfAndDownlineIds } from '../users/downline';
import { escapeLike } from '../products/products.repository';
import { productStock } from '../products/stock';

interface PageWindow {
  limit: number;
  offset: number;
}

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

export async function keysOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: productKeys.orderId, ciphertext: productKeys.ciphertext })
    .from(productKeys)
    .where(inArray(productKeys.orderId, orderIds))
    .orderBy(productKeys.soldAt, productKeys.id);
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

/** An order with its buyer, seller and category, as the lists read it. */
function selectOrders(db: Executor) {
  return db
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
}

export interface OrderFilter {
  scope: SQL | undefined;
  status?: OrderStatus | undefined;
  search?: string | undefined;
}

export async function listOrders(db: Executor, filter: OrderFilter & PageWindow) {
  return selectOrders(db)
    .where(whereOf(filter.scope, filter.status, filter.search))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The batch of an export that follows `afterId`, the last order of the previous batch. */
export function orderBatch(db: Executor, filter: OrderFilter, afterId?: string) {
  return selectOrders(db)
    .where(
      and(
        whereOf(filter.scope, filter.status, filter.search),
        afterId ? olderThan(orders, afterId) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_BATCH);
}

export async function orderWithRefs(db: Executor, orderId: string) {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof orderWithRefs>>>;

/** Counts for the stat cards over the same scope and search as the list (status filter aside). */
export async function orderStats(db: Executor, scope: SQL | undefined, search?: string) {
  const rows = await db
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
  return oneRow(rows);
}
