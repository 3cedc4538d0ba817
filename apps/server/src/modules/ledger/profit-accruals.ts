/**
 * Margins in transit: what a sale pays its sellers before it is in their profit buckets.
 *
 * Every order through a chain pays the same few sellers (a manager, its resellers). When each
 * order updated the seller's user row, every order of the seller's downline queued on that row
 * until the order before it had committed to disk, which held chain orders to about half the
 * platform's rate (bench/results/orders.md). So an order appends one accrual per seller
 * (`place_order`, migration 0026) and folding moves them into the buckets later,
 * as `stock/stock.ts` does with stock. What stays exact:
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
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { foldAccruals } from './ledger.repository';

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

// One background fold at a time across every server process, as the stock fold does.
const FOLD_LOCK_ID = 7_301_845_114;
const FOLD_BATCH = 10_000;

/**
 * Enters up to FOLD_BATCH pending accruals (run every PROFIT_FOLD_INTERVAL_MS by
 * db/background-fold.ts, started in plugins/app/background-work.ts). It never waits: a seller
 * whose row someone holds (a conversion folding it itself, a transfer) is left for next time.
 */
export async function foldProfitAccruals(db: Executor): Promise<number> {
  return foldAccruals(
    db,
    sql`select id from users
        where (select pg_try_advisory_xact_lock(${FOLD_LOCK_ID}))
          and id in (select user_id from profit_accruals)
        for no key update skip locked`,
    FOLD_BATCH,
  );
}

/**
 * Enters every pending accrual of `userId`, waiting for its row: for a change that reads or
 * takes its profit (conversion, unit refund) or a read of its ledger. Holds the row until the
 * caller's transaction ends. Answers how many accruals it entered.
 */
export async function foldUserProfit(db: Executor, userId: string): Promise<number> {
  return foldAccruals(
    db,
    sql`select id from users where id = ${userId}::uuid
          and exists (select 1 from profit_accruals where user_id = ${userId}::uuid)
        for no key update`,
    null,
  );
}

/** Enters every pending accrual there is (a whole-ledger read, the reconciliation, tests). */
export async function foldAllProfit(db: Executor): Promise<void> {
  while ((await foldProfitAccruals(db)) > 0) {
    // Each pass enters up to FOLD_BATCH; a pass entering nothing means none are left to take.
  }
}
