/**
 * Margins in transit: what a sale pays its sellers before it is in their profit buckets.
 *
 * Every order through a chain pays the same few sellers (a manager, its resellers). When each
 * order updated the seller's user row, every order of the seller's downline queued on that row
 * until the order before it had committed to disk, which held chain orders to about half the
 * platform's rate (bench/README.md, Orders). So an order appends one accrual per seller
 * (`accrualInsert`, in the order's own statement) and folding moves them into the buckets later,
 * as `products/stock.ts` does with stock. What stays exact:
 *
 * - A seller's profit is its bucket plus its pending accruals (`profitOf`): every reader of a
 *   profit figure uses it, so the figure is right the moment the order commits.
 * - A fold deletes the accruals, adds them to the bucket and writes one ledger row per accrual, in
 *   one statement that holds the seller's row: each row's `balance_after_cents` follows on from
 *   the row before it as `bucketMove`'s do (LEDGER ORDER, ledger.repository.ts), and an accrual is
 *   either pending or entered, never both nor neither. The ledger row is written at the fold, so
 *   it is dated then (at most STOCK_FOLD_INTERVAL_MS after the sale in the background).
 * - Whatever takes profit out (a conversion, a unit refund) or reads the ledger folds the user
 *   first (`foldUserProfit`), under its row lock, so it sees every margin earned.
 * - The `profit.credited` notification is written by the fold: one per seller and fold, counting
 *   the orders it entered, rather than one upsert per order on the seller's notification row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { OrPlaceholder, OrPlaceholders } from '../../db/statement-shapes';
import { oneRow } from '../../lib/rows';
import { profitNotificationCte } from '../notifications/notification-writes';

/**
 * A user's profit: its bucket plus the margins not yet folded into it, over the users row named
 * `alias` (the table itself by default). Every profit figure a reader shows is this.
 */
export function profitOf(alias = 'users') {
  const row = sql.identifier(alias);
  return sql<bigint>`(${row}."profit_cents" + coalesce((
      select sum(a.amount_cents) from profit_accruals a where a.user_id = ${row}."id"
    ), 0))::bigint`.mapWith((value: string | number | bigint) => BigInt(value));
}

/**
 * The order statement's CTE `name` appending `marginCents` for `sellerId`: a row when the seller
 * exists (the statement refuses the order otherwise, `seller_missing`). It reads the seller's row
 * without locking it, which is the point: concurrent orders of one downline never wait for each
 * other here.
 */
export function accrualInsert(
  name: string,
  sellerId: OrPlaceholder<string>,
  marginCents: OrPlaceholder<bigint>,
  order: OrPlaceholders<{ id: string; buyerId: string }>,
): SQL {
  return sql`${sql.identifier(name)} as (
    insert into profit_accruals (user_id, amount_cents, order_id, buyer_id)
    select id, ${marginCents}::bigint, ${order.id}::uuid, ${order.buyerId}::uuid
    from users where id = ${sellerId}::uuid
    returning id
  )`;
}

// One background fold at a time across every server process, as the stock fold does.
const FOLD_LOCK_ID = 7_301_845_114;
const FOLD_BATCH = 10_000;

/**
 * The fold statement over the sellers `targets` selects (a query answering `id`, locked by it):
 * their accruals deleted, their buckets raised, one ledger row per accrual in accrual order with
 * the running balance, and their `profit.credited` notification. Answers how many accruals.
 */
function foldStatement(targets: SQL, limit: number | null): SQL {
  return sql`
    with targets as (${targets}),
    folded as (
      delete from profit_accruals
      where id in (select a.id from profit_accruals a
                   where a.user_id in (select id from targets)
                   order by a.id ${limit === null ? sql`` : sql`limit ${limit}`})
      returning id, user_id, amount_cents, order_id, buyer_id
    ), sums as (
      select user_id, sum(amount_cents) as amount_cents, count(*)::int as orders
      from folded group by user_id
    ), moved as (
      update users u set profit_cents = u.profit_cents + s.amount_cents
      from sums s where u.id = s.user_id
      returning u.id, u.profit_cents - s.amount_cents as before
    ), entries as (
      insert into ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind,
        actor_id, order_id, counterparty_id, created_at)
      select f.user_id, 'profit', f.amount_cents,
             m.before + sum(f.amount_cents) over (partition by f.user_id order by f.id),
             'profit', f.buyer_id, f.order_id, f.buyer_id, clock_timestamp()
      from folded f join moved m on m.id = f.user_id
      order by f.user_id, f.id
      returning id
    ), ${profitNotificationCte('profit_note', sql`sums`)}
    select count(*)::int as folded from folded`;
}

/**
 * Enters up to FOLD_BATCH pending accruals (run by profit-fold-timer.ts). It never waits: a seller
 * whose row someone holds (a conversion folding it itself, a transfer) is left for next time.
 */
export async function foldProfitAccruals(db: Executor): Promise<number> {
  const rows = await rowsOf<{ folded: number }>(
    db,
    foldStatement(
      sql`select id from users
          where (select pg_try_advisory_xact_lock(${FOLD_LOCK_ID}))
            and id in (select user_id from profit_accruals)
          for no key update skip locked`,
      FOLD_BATCH,
    ),
  );
  return oneRow(rows).folded;
}

/**
 * Enters every pending accrual of `userId`, waiting for its row: for a change that reads or
 * takes its profit (conversion, unit refund) or a read of its ledger. Holds the row until the
 * caller's transaction ends. Answers how many accruals it entered.
 */
export async function foldUserProfit(db: Executor, userId: string): Promise<number> {
  const rows = await rowsOf<{ folded: number }>(
    db,
    foldStatement(
      sql`select id from users where id = ${userId}::uuid
            and exists (select 1 from profit_accruals where user_id = ${userId}::uuid)
          for no key update`,
      null,
    ),
  );
  return oneRow(rows).folded;
}

/** Enters every pending accrual there is (a whole-ledger read, the reconciliation, tests). */
export async function foldAllProfit(db: Executor): Promise<void> {
  while ((await foldProfitAccruals(db)) > 0) {
    // Each pass enters up to FOLD_BATCH; a pass entering nothing means none are left to take.
  }
}
