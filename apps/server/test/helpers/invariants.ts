import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { foldAllProfit } from '../../src/modules/ledger/profit-accruals';
import { runChecks } from '../../src/modules/reconciliation/reconciliation.checks';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The money and key invariants of DESIGN.md §5, checked against the database as a whole by the
 * reconciliation's own checks (`reconciliation.checks.ts`, whose test corrupts the database to
 * see each one fail): every bucket equals the sum of its ledger rows and its last row's balance
 * after, each row's balance after follows on from the previous one's, none is negative, money is
 * created only by deposits and destroyed only by withdrawals, each order paid exactly, no key sold
 * twice, a completed instant order holds exactly `quantity` keys and others none. And, beside
 * money, an instant product's stock equals its unsold keys.
 */
export async function expectLedgerInvariants(db: Database, { fold = true } = {}) {
  const failed = (await runChecks(db)).filter((check) => !check.ok);
  expect(failed, 'every reconciliation check holds').toEqual([]);
  // Margins still in transit count as held; once folded into the buckets, with their ledger
  // rows, every check must hold just the same (src/modules/ledger/profit-accruals.ts).
  // `fold: false` leaves them pending, for what comes next to meet them so.
  if (!fold) return;
  await foldAllProfit(db);
  const afterFold = (await runChecks(db)).filter((check) => !check.ok);
  expect(afterFold, 'every reconciliation check holds once margins are folded').toEqual([]);
  expect(await rows(db, sql`select 1 from profit_accruals`), 'no accrual left').toEqual([]);

  // The stock is the counter plus the changes not yet folded into it (src/modules/stock/stock.ts).
  const badStock = await rows<{ id: string }>(
    db,
    sql`select p.id from products p
        where p.delivery_type = 'instant' and p.upstream_id is null
          and p.stock + coalesce((select sum(c.delta) from product_stock_changes c where c.product_id = p.id), 0)
              <> (select count(*) from product_keys k where k.product_id = p.id and k.order_id is null)`,
  );
  expect(badStock, 'instant stock equals unsold keys').toEqual([]);
}

/**
 * The rows of each bucket chain exactly in ledger order (created_at, id): each row's balance after
 * is the previous one's plus its amount, and the last one equals the bucket.
 */
export async function expectBalanceAfterChains(db: Database) {
  const chains = ['balance_after_chains', 'buckets_equal_last_balance_after'];
  const failed = (await runChecks(db)).filter((c) => chains.includes(c.name) && !c.ok);
  expect(failed, "each ledger row's balance after = the previous one's + its amount").toEqual([]);
}
