import { afterSaleMessages } from '@keymarket/contracts/orders';
/**
 * Stock has one owner, as every balance change has `bucketMove`: each read and each change of a
 * product's stock is a function of this file.
 *
 * What the stock is:
 * - An instant product's stock is the count of its unsold keys. A sale claims keys and appends a
 *   change `(product_id, -quantity)` to `product_stock_changes` rather than updating the product's
 *   row, which every buyer of the product would otherwise queue on until its commit reached the
 *   disk (bench/results/orders.md). The keys claimed in the same statement are what guarantee the
 *   stock cannot go below zero. A key import raises the counter by the keys it added.
 * - A request product's stock is a number the administrator sets. A sale takes it from the
 *   counter on condition (the CHECK stock >= 0 backs it); a rejected or cancelled order gives it
 *   back.
 * - Either way the stock is the counter `products.stock` plus the changes not yet folded into
 *   it, and every read goes through `productStock`, so it is exact whether or not a fold has run.
 *
 * Folding moves pending changes into the counters in one statement, so a reader sees each change
 * either pending or counted, never both or neither: in the background (`foldStockChanges`, run by
 * stock-fold-timer.ts) for the products no administrator holds, and for one product under its row
 * lock (`foldProductStock`, from `lockProduct`) before an administrator's change reads or writes
 * its counter.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { messages } from '@keymarket/contracts/messages';
import { defaultSystemSettings } from '@keymarket/contracts/system-settings';
import { rowsOf, type Executor } from '../../db/client';
import { orders, productKeys, products } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { oneRow } from '../../lib/rows';
import { lowStockNotificationCte, writeNotification } from '../notifications/notification-writes';

type DeliveryType = (typeof products.$inferSelect)['deliveryType'];

/** A product's stock: its counter plus the sales not yet folded into it. */
// Written out qualified: Drizzle leaves a single table's columns unqualified in a select list,
// and an unqualified "id" inside the subquery would be the change's own id.
export const productStock = sql<number>`("products"."stock" + coalesce((
    select sum(c.delta) from product_stock_changes c where c.product_id = "products"."id"
  ), 0))::int`.mapWith(Number);

/**
 * Every product's stock as a relation `(id, stock)`, the pending changes summed once for the
 * whole catalogue and joined rather than a subquery per product: for the readers of every
 * product's stock at once (the catalogue list's stock, the dashboard's totals).
 */
export const stockOfEveryProduct = sql`(
  select p.id, (p.stock + coalesce(c.delta, 0))::int as stock
  from products p
  left join (select product_id, sum(delta) as delta from product_stock_changes
             group by product_id) c on c.product_id = p.id)`;

/**
 * Stock read by a reader that keeps every product's stock between two reads (the catalogue list,
 * catalogue-list/product-list-stock.ts): `id:stock` pairs joined by commas, of every product
 * whose stock may have changed since `since` (the xmin of the snapshot of the reader's last read,
 * `pg_snapshot_xmin(pg_current_snapshot())` as text), and of the products `ids` besides; or of
 * every product (`whole`) when there was no last read, or the log of counter changes no longer
 * reaches back to it. Columns of a select without FROM, to read in the statement that reads what
 * the stock goes with.
 *
 * Why it is exact: a product's stock is its counter plus its pending changes. The pending changes
 * are few (folded every 100 ms): every product that has any is read. Every change of a counter
 * (a request product's sale, a fold, an import, a return, an edit) is logged with its writer's
 * transaction id by a trigger on `products` (migration 0036, `product_stock_log`). A change the
 * last read did not see was made by a transaction that had not committed when its snapshot was
 * taken, whose id is therefore not below that snapshot's xmin: it is read now if it has
 * committed, or by a later read with this one's xmin. The log is pruned (`pruneStockLog`) up to a
 * horizon; a reader whose `since` is below it reads every product again.
 */
export function stockSince(since: string | null, ids: readonly string[]): SQL {
  const whole = since
    ? sql`(select xid from product_stock_log_horizon) > ${since}::xid8`
    : sql`true`;
  const pairs = (
    where: SQL,
  ) => sql`(select coalesce(string_agg(s.id::text || ':' || s.stock, ','), '')
    from (select p.id, (p.stock + coalesce(c.delta, 0))::int as stock
          from products p
          left join (select product_id, sum(delta) as delta from product_stock_changes
                     group by product_id) c on c.product_id = p.id
          ${where}) as s)`;
  const changed = sql`where p.id in (
      select product_id from product_stock_log where xid >= ${since ?? '0'}::xid8
      union select product_id from product_stock_changes
      union select unnest(${sql.param([...ids])}::uuid[]))`;
  return sql`pg_snapshot_xmin(pg_current_snapshot())::text as "stockSince",
    ${whole} as "stockWhole",
    case when ${whole} then ${pairs(sql``)} else ${pairs(changed)} end as "stockPairs"`;
}

/** What `stockSince`'s columns answer. */
export interface StockSinceRow {
  stockSince: string;
  stockWhole: boolean;
  stockPairs: string;
}

/** The log is kept this long past the horizon it is pruned up to (`pruneStockLog`). */
const STOCK_LOG_KEPT = sql`interval '60 seconds'`;

/**
 * Prunes the log of counter changes `stockSince` reads, at most once a minute whoever calls it:
 * every row older than the horizon chosen a minute ago (the xmin of that moment's snapshot), and
 * that becomes the horizon; a reader whose last read is older reads every product again. One
 * statement, and no write at all until a minute has passed. Answers the rows pruned.
 */
export async function pruneStockLog(db: Executor): Promise<number> {
  const rows = await rowsOf<{ pruned: number }>(
    db,
    sql`
    with due as (
      select next_xid from product_stock_log_horizon
      where next_at < now() - ${STOCK_LOG_KEPT}
      for update skip locked
    ), moved as (
      update product_stock_log_horizon
      set xid = due.next_xid, next_xid = pg_snapshot_xmin(pg_current_snapshot()), next_at = now()
      from due
    ), pruned as (
      delete from product_stock_log where xid < (select next_xid from due) returning 1
    )
    select count(*)::int as pruned from pruned`,
  );
  return oneRow(rows).pruned;
}

/**
 * A CTE `name` appending the stock changes `changes` selects (`product_id, delta` rows), for a
 * statement that takes keys out of a product or moves them (key-pool.repository.ts): a
 * change row, as a sale appends, so no sale of the product waits for it.
 */
export function stockChangesCte(name: string, changes: SQL): SQL {
  return sql`${sql.identifier(name)} as (
    insert into product_stock_changes (product_id, delta) ${changes})`;
}

/** A sale's change of its product's stock (`product_stock_changes.delta`). */
export const saleDelta = (quantity: number) => -quantity;

function saleChangeInsert(productId: string, delta: number) {
  return sql`insert into product_stock_changes (product_id, delta)
    values (${productId}::uuid, ${delta}::int)`;
}

/**
 * A product's low-stock threshold: its own, or the system settings' default (DESIGN.md §11),
 * read in the query, so it agrees with what the settings say now.
 */
export const lowStockThreshold = sql<number>`coalesce(${products.lowStockThreshold},
  (select (s.value->>'lowStockThreshold')::int from settings s where s.key = 'system'),
  ${defaultSystemSettings.lowStockThreshold}::int)`;

/**
 * Keys sold outside the order statement (a backorder filled, a faulty key replaced): a change
 * row, as an instant sale appends, so it needs no lock on the product's row; and the `stock.low`
 * alert when they take the stock across its threshold (`notifyLowStock`).
 */
export async function recordKeysSold(db: Executor, productId: string, count: number) {
  if (count <= 0) return;
  await db.execute(saleChangeInsert(productId, saleDelta(count)));
  await notifyLowStock(db, productId, count);
}

/**
 * After a change of the caller's transaction took `taken` units from the product's stock (keys
 * sold, deleted or moved out), the `stock.low` notification for the administrators if that took
 * the stock across its threshold (`lowStockNotificationCte`), in the same transaction: it
 * commits or vanishes with the change. The stock after is read now, the change included; the
 * stock before is that plus `taken`, this change's own units, whatever other changes committed
 * meanwhile. An order raises its own (`place_order`, migration 0026).
 */
export async function notifyLowStock(db: Executor, productId: string, taken: number) {
  if (taken <= 0) return;
  await writeNotification(
    db,
    lowStockNotificationCte('low_stock_note', {
      productId,
      taken,
      stockAfter: productStock,
      threshold: lowStockThreshold,
      signal: true,
    }),
  );
}

/**
 * Gives a rejected or cancelled order's units back to its product. Only request orders and
 * backorders are ever pending, a backorder took no stock (its caller skips it), and a product
 * cannot change type while it has pending orders (`stockAfterEdit`), so this is always a request
 * product's counter.
 */
export async function returnStock(db: Executor, productId: string, quantity: number) {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}

/**
 * Raises an instant product's counter by the keys an import added, in the import's transaction,
 * under `lockProduct` (so the counter is the stock). Answers the new stock.
 */
export async function addKeysToStock(db: Executor, productId: string, count: number) {
  const row = oneRow(
    await db
      .update(products)
      .set({ stock: sql`${products.stock} + ${count}`, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning({ stock: products.stock }),
  );
  return row.stock;
}

/**
 * A docked product's stock (DESIGN.md §14): the upstream's `stockQuantity` as last read. Its
 * orders are bought upstream and take no stock here (`place_order`, migration 0028), so the
 * counter is the whole of it; only a product that is docked is touched.
 */
export async function setDockedStock(db: Executor, productId: string, stock: number) {
  await db
    .update(products)
    .set({ stock: Math.max(0, stock) })
    .where(and(eq(products.id, productId), isNotNull(products.upstreamId)));
}

/** A new product's stock: an instant product's is its unsold keys, and it has none yet. */
export function initialStock(deliveryType: DeliveryType, requested: number): number {
  return deliveryType === 'instant' ? 0 : requested;
}

/**
 * The counter after an administrator's edit, under `lockProduct`. Instant: the count of unsold
 * keys, never typed in. Request: what the administrator sets. Switching type is refused while it
 * would strand something: unsold keys, or pending request orders whose rejection would put stock
 * back into a key-counted product.
 */
export async function stockAfterEdit(
  tx: Executor,
  before: Pick<typeof products.$inferSelect, 'id' | 'deliveryType' | 'stock'>,
  deliveryType: DeliveryType,
  requested: number | undefined,
): Promise<number> {
  if (deliveryType === 'instant') {
    if (requested !== undefined) {
      throw new AppError('conflict', messages.instantStockIsKeys);
    }
    if (before.deliveryType === 'instant') return before.stock;
    if ((await pendingOrderCount(tx, before.id)) > 0) {
      throw new AppError('conflict', messages.pendingOrdersBlockInstant);
    }
    return unsoldKeyCount(tx, before.id);
  }
  if (before.deliveryType === 'instant') {
    if ((await unsoldKeyCount(tx, before.id)) > 0) {
      throw new AppError('conflict', messages.unsoldKeysBlockRequest);
    }
    // Its pending orders are backorders, which wait for keys a request product never gets.
    if ((await pendingOrderCount(tx, before.id)) > 0) {
      throw new AppError('conflict', afterSaleMessages.backordersBlockRequest);
    }
  }
  return requested ?? before.stock;
}

async function unsoldKeyCount(db: Executor, productId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productKeys)
    .where(and(eq(productKeys.productId, productId), isNull(productKeys.orderId)));
  return row?.n ?? 0;
}

async function pendingOrderCount(db: Executor, productId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.productId, productId), eq(orders.status, 'pending')));
  return row?.n ?? 0;
}

/**
 * Moves one product's pending changes into its counter, for an administrator's change that reads
 * or writes the counter itself (key import, product edit). The caller holds the product's row
 * lock, so no sale of it is under way. Answers the counter, or undefined when nothing was pending.
 */
export async function foldProductStock(
  db: Executor,
  productId: string,
): Promise<number | undefined> {
  const [row] = await rowsOf<{ stock: number }>(
    db,
    sql`
    with folded as (
      delete from product_stock_changes where product_id = ${productId}::uuid returning delta
    )
    update products set stock = stock + (select sum(delta) from folded)
    where id = ${productId}::uuid and exists (select 1 from folded)
    returning stock`,
  );
  return row?.stock;
}

// One background fold at a time across every server process on the database: two folds
// updating the same products in different orders could deadlock.
const FOLD_LOCK_ID = 7_301_845_113;
const FOLD_BATCH = 10_000;

/**
 * Moves up to FOLD_BATCH pending changes into the counters, in one statement. Answers how many.
 *
 * It never waits for a lock: products an administrator holds (`lockProduct`, which folds its own
 * product) are skipped until next time. NO KEY UPDATE does not conflict with the key-share locks
 * that sales in progress hold on the product, so a product on sale is folded too.
 */
export async function foldStockChanges(db: Executor): Promise<number> {
  const rows = await rowsOf<{ folded: number }>(
    db,
    sql`
    with fold_lock as (select pg_try_advisory_xact_lock(${FOLD_LOCK_ID}) as held),
    targets as (
      select id from products
      where (select held from fold_lock)
        and id in (select product_id from product_stock_changes)
      for no key update skip locked
    ), folded as (
      delete from product_stock_changes
      where id in (select id from product_stock_changes
                   where product_id in (select id from targets)
                   order by id limit ${FOLD_BATCH} for update skip locked)
      returning product_id, delta
    ), counted as (
      update products p set stock = p.stock + s.delta
      from (select product_id, sum(delta)::int as delta from folded group by product_id) s
      where p.id = s.product_id
    )
    select count(*)::int as folded from folded`,
  );
  return oneRow(rows).folded;
}

/**
 * A product's stock and delivery type, for a key pool change made with stock changes (a key's
 * delete or move, key-pool.repository.ts) rather than under `lockProduct`. `keyShare` holds
 * the product as it is (no edit of it, which locks it for update) until the caller's commit.
 */
export async function productStockOf(
  db: Executor,
  productId: string,
  { keyShare = false }: { keyShare?: boolean } = {},
): Promise<{ stock: number; deliveryType: DeliveryType } | undefined> {
  const query = db
    .select({ stock: productStock, deliveryType: products.deliveryType })
    .from(products)
    .where(eq(products.id, productId));
  const [row] = await (keyShare ? query.for('key share') : query);
  return row;
}
