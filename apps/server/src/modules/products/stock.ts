import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Executor } from '../../db/client';
import { withoutQueryValues } from '../../plugins/error-handler';

/**
 * A product's stock: its counter plus the sales not yet folded into it. Every read of the stock
 * goes through this, so it is exact at every moment, whether or not the fold has run.
 */
// Written out qualified: Drizzle leaves a single table's columns unqualified in a select list,
// and an unqualified "id" inside the subquery would be the change's own id.
export const productStock = sql<number>`("products"."stock" + coalesce((
    select sum(c.delta) from product_stock_changes c where c.product_id = "products"."id"
  ), 0))::int`.mapWith(Number);

/**
 * Records the sale of `quantity` keys of an instant product: a new row, so concurrent sales of
 * one product never wait for each other. The keys claimed in the same statement are what
 * guarantees the stock (counter plus changes) cannot go below zero.
 */
export function stockSaleInsert(productId: string, quantity: number) {
  return sql`insert into product_stock_changes (product_id, delta)
    values (${productId}::uuid, ${-quantity}::int)`;
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
 * Moves up to FOLD_BATCH pending changes into the counters, in one statement: a reader sees the
 * changes either still pending or already counted, never both or neither. Answers how many.
 *
 * It never waits for a lock: products an administrator holds (`lockProduct`, which folds its own
 * product) are skipped until next time. NO KEY UPDATE does not conflict with the key-share locks
 * that sales in progress hold on the product, so a product on sale is folded too.
 */
export async function foldStockChanges(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ folded: number }>(
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
  return row!.folded;
}

/**
 * Runs the fold every `intervalMs` (STOCK_FOLD_INTERVAL_MS) in the background, so the changes
 * table stays small: every order reads its product's stock, which sums the pending changes.
 * 100 ms by default rather than a second: at 535 orders a second of one product the read summed
 * up to ~535 rows, and one product's orders went from 535 to 756 a second with the shorter
 * interval (bench/README.md). A failed fold (database down) is logged and tried again next time.
 * The answer stops it, waiting for a fold under way.
 */
export function startStockFolding(
  db: Executor,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= foldStockChanges(db)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn({ error: withoutQueryValues(error) }, 'stock fold failed; will retry');
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
