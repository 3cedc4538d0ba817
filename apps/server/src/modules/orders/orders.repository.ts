import { and, eq, getTableColumns, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderSortColumn, OrderStatus } from '@keymarket/contracts/orders';
import { COUNT_CAP, type Sort } from '@keymarket/contracts/pagination';
import type { Database, Executor } from '../../db/client';
import { sortedWhole, sortedWholeAfter } from '../../db/sort';
import { categories, orders, products, users } from '../../db/schema/index';
import { batchedLookup } from '../../lib/batched-lookup';
import { EXPORT_BATCH } from '../../lib/csv';
import { oneRow } from '../../lib/rows';
import { selfAndDownlineIds } from '../users/downline';
import { escapeLike } from '../products/products.repository';
import { productStock } from '../stock/stock';

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

/**
 * The orders whose product name or buyer's username holds `pattern` (ILIKE). Each side has its
 * trigram index (`orders_product_name_trgm_idx`, `users_username_trgm_idx`): the buyers that
 * match are read first, as an array (`= any(array(...))`, computed once), so the `or` is two
 * index reads joined (a BitmapOr), where an `or` across a join read every order.
 */
function searchOf(pattern: string): SQL | undefined {
  return or(
    ilike(orders.productName, pattern),
    sql`${orders.buyerId} = any(array(select ${users.id} from ${users} where ${ilike(users.username, pattern)}))`,
  );
}

function whereOf(filter: OrderFilter, withStatus = true) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.scope,
    withStatus && filter.status ? eq(orders.status, filter.status) : undefined,
    pattern ? searchOf(pattern) : undefined,
    filter.productId ? eq(orders.productId, filter.productId) : undefined,
    filter.buyerId ? eq(orders.buyerId, filter.buyerId) : undefined,
    filter.sellerId ? eq(orders.sellerId, filter.sellerId) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
  );
}

/** What each sortable column of the orders list (`orderSortColumns`) sorts by. */
const sortColumns = {
  date: orders.createdAt,
  total: orders.totalCents,
  quantity: orders.quantity,
  status: orders.status,
  product: orders.productName,
} as const;

/**
 * Newest first, or the chosen column with its ties in the same direction, ending on the id so
 * that equal values keep one order (`sortedWhole`): each column's index, `(column, created_at,
 * id)`, gives a page either way.
 */
function orderOf(sort: Sort<OrderSortColumn> | undefined) {
  return sortedWhole(sort, sortColumns, orders);
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
  productId?: string | undefined;
  buyerId?: string | undefined;
  sellerId?: string | undefined;
  /** Placed at or after. */
  from?: Date | undefined;
  /** Placed before. */
  to?: Date | undefined;
  sort?: Sort<OrderSortColumn> | undefined;
}

/**
 * A search matching at most this many orders reads its matches first and sorts them. PostgreSQL
 * guesses a search matches a share of the table and walks the date index backwards to stop
 * early; for a rare term that walk read every order (1.2 s at 1,000,000 orders, the scale
 * bench), where the few matches through the trigram indexes cost milliseconds. Past a few
 * thousand matches the walk is the faster one (it stops after a page).
 */
export const FEW_MATCHES = 5_000;

/**
 * One page of orders. `fewMatches`: the filters are known (counted) to select at most
 * FEW_MATCHES orders, so their ids are read first (`= any(array(...))`, computed once), and the
 * page is sorted from them.
 */
export async function listOrders(
  db: Executor,
  filter: OrderFilter & PageWindow & { fewMatches?: boolean },
) {
  const where = filter.fewMatches
    ? // The inner "orders" hides the outer one, so the filters read the subquery's rows.
      sql`${orders.id} = any(array(select ${orders.id} from ${orders} where ${whereOf(filter)}))`
    : whereOf(filter);
  return selectOrders(db)
    .where(where)
    .orderBy(...orderOf(filter.sort))
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * The batch of an export that follows `afterId`, the last order of the previous batch: the
 * columns of the file only (`orderCsvColumns`), not the row's delivered keys and price chain,
 * which a million-row export would read and drop.
 */
export function orderBatch(db: Executor, filter: OrderFilter, afterId?: string) {
  return db
    .select({
      order: {
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        backordered: orders.backordered,
        productName: orders.productName,
        quantity: orders.quantity,
        deliveryType: orders.deliveryType,
        unitPriceCents: orders.unitPriceCents,
        totalCents: orders.totalCents,
        deliveredAt: orders.deliveredAt,
        notes: orders.notes,
        rejectionReason: orders.rejectionReason,
      },
      buyer: { username: buyer.username },
      seller: { username: seller.username },
      category: { nameEn: categories.nameEn },
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .leftJoin(seller, eq(seller.id, orders.sellerId))
    .leftJoin(categories, eq(categories.id, orders.categoryId))
    .where(
      and(
        whereOf(filter),
        afterId ? sortedWholeAfter(filter.sort, sortColumns, orders, afterId) : undefined,
      ),
    )
    .orderBy(...orderOf(filter.sort))
    .limit(EXPORT_BATCH);
}

/**
 * How many orders the list's filters select, counted up to `COUNT_CAP` (`exact: false` beyond):
 * at most `COUNT_CAP + 1` rows are read, where an exact count read every matching order (a
 * million for the admin's whole list).
 */
export async function countOrders(db: Executor, filter: OrderFilter) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(orders)
    .where(whereOf(filter))
    .limit(COUNT_CAP + 1)
    .as('matching');
  const { count } = oneRow(await db.select({ count: sql<number>`count(*)::int` }).from(matching));
  return count > COUNT_CAP ? { total: COUNT_CAP, exact: false } : { total: count, exact: true };
}

export async function orderWithRefs(db: Executor, orderId: string) {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

export type OrderWithRefs = NonNullable<Awaited<ReturnType<typeof orderWithRefs>>>;

/** An order as an export reads it (`orderBatch`). */
export type OrderExportRow = Awaited<ReturnType<typeof orderBatch>>[number];

/**
 * Whether the stat cards' filters select every order there is: no condition at all (an admin,
 * no search, product, buyer, seller or dates; the status filter is not the cards'). Only then do
 * the cards come from the analytics rollup (`platformOrderTotals`), which knows days and nothing
 * else. Asked of `whereOf` itself, so a filter added to the list one day leaves that path at once.
 * A date range alone stays on `orderStats`: the rollup counts completions on the day they happened
 * and rejections on the day they were answered, the range selects by the day of placement.
 */
export function coversWholePlatform(filter: OrderFilter): boolean {
  return whereOf(filter, false) === undefined;
}

/**
 * Counts for the stat cards over the same filters as the list, the status filter aside: the
 * cards are the split by status of what the other filters select. A pass over every order they
 * select: the whole platform's cards come from the rollup instead (`coversWholePlatform`), and
 * must equal this.
 */
export async function orderStats(db: Executor, filter: OrderFilter) {
  const query = db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
      completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
      rejected: sql<number>`(count(*) filter (where ${orders.status} = 'rejected'))::int`,
      revenueCents: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'completed'), 0)::text`,
    })
    .from(orders)
    .where(whereOf(filter, false));
  return oneRow(await query);
}
