import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@keymarket/contracts/orders';
import type { Executor } from '../../db/client';
import { categories, orders, productKeys, products, users } from '../../db/schema/index';
import { selfAndDownlineIds } from '../users/downline';

export type OrderRow = typeof orders.$inferSelect;

export async function findLiveProduct(db: Executor, productId: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Takes `quantity` from the stock counter only if that much is there. For instant products the
 * counter mirrors the unsold keys; the CHECK (stock >= 0) backs the condition.
 */
export async function takeStock(
  db: Executor,
  productId: string,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function returnStock(db: Executor, productId: string, quantity: number) {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}

/**
 * Marks `quantity` unsold keys as sold to `orderId`. SKIP LOCKED lets concurrent buyers take
 * different keys instead of queueing on the same rows; a key can be claimed by one order only
 * because the UPDATE re-checks `order_id IS NULL` on the row it locked.
 */
export async function claimKeys(
  db: Executor,
  productId: string,
  orderId: string,
  quantity: number,
) {
  return db
    .update(productKeys)
    .set({ orderId, soldAt: sql`now()` })
    .where(
      inArray(
        productKeys.id,
        sql`(select ${productKeys.id} from ${productKeys}
             where ${productKeys.productId} = ${productId} and ${productKeys.orderId} is null
             order by ${productKeys.createdAt}, ${productKeys.id}
             limit ${quantity} for update skip locked)`,
      ),
    )
    .returning({ id: productKeys.id, ciphertext: productKeys.ciphertext });
}

export async function keysOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: productKeys.orderId, ciphertext: productKeys.ciphertext })
    .from(productKeys)
    .where(inArray(productKeys.orderId, orderIds))
    .orderBy(productKeys.soldAt, productKeys.id);
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
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

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
        category: {
          id: categories.id,
          nameEn: categories.nameEn,
          nameFr: categories.nameFr,
          nameAr: categories.nameAr,
        },
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
      category: {
        id: categories.id,
        nameEn: categories.nameEn,
        nameFr: categories.nameFr,
        nameAr: categories.nameAr,
      },
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
