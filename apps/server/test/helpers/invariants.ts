import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The money and key invariants of DESIGN.md §5, checked against the database as a whole:
 * - every bucket equals the sum of its ledger rows, and none is negative;
 * - each ledger row's balance after is the previous row's plus its amount, and a bucket's last
 *   row holds the bucket (`expectBalanceAfterChains`);
 * - no key is sold twice; a completed instant order holds exactly `quantity` keys, others none;
 * - an instant product's stock equals its unsold keys;
 * - money is created only by deposits and destroyed only by withdrawals: what users hold equals
 *   deposits − withdrawals − what the platform kept of completed orders − pending orders' totals.
 */
export async function expectLedgerInvariants(db: Database) {
  const mismatched = await rows<{ id: string }>(
    db,
    sql`select u.id from users u
        left join (select user_id,
                     coalesce(sum(amount_cents) filter (where bucket = 'balance'), 0) as balance,
                     coalesce(sum(amount_cents) filter (where bucket = 'profit'), 0) as profit
                   from ledger_entries group by user_id) l on l.user_id = u.id
        where u.balance_cents <> coalesce(l.balance, 0) or u.profit_cents <> coalesce(l.profit, 0)
           or u.balance_cents < 0 or u.profit_cents < 0`,
  );
  expect(mismatched, 'buckets equal to their ledger sums and non-negative').toEqual([]);

  await expectBalanceAfterChains(db);

  const badKeyCounts = await rows<{ id: string }>(
    db,
    sql`select o.id from orders o
        left join (select order_id, count(*)::int as n from product_keys where order_id is not null group by order_id) k
          on k.order_id = o.id
        where o.delivery_type = 'instant'
          and coalesce(k.n, 0) <> case when o.status = 'completed' then o.quantity else 0 end`,
  );
  expect(badKeyCounts, 'each completed instant order holds exactly its quantity of keys').toEqual(
    [],
  );

  const orphanKeys = await rows<{ id: string }>(
    db,
    sql`select k.id from product_keys k left join orders o on o.id = k.order_id
        where k.order_id is not null and o.id is null`,
  );
  expect(orphanKeys, 'no key sold to an order that does not exist').toEqual([]);

  // The stock is the counter plus the changes not yet folded into it (src/modules/products/stock.ts).
  const badStock = await rows<{ id: string }>(
    db,
    sql`select p.id from products p
        where p.delivery_type = 'instant'
          and p.stock + coalesce((select sum(c.delta) from product_stock_changes c where c.product_id = p.id), 0)
              <> (select count(*) from product_keys k where k.product_id = p.id and k.order_id is null)`,
  );
  expect(badStock, 'instant stock equals unsold keys').toEqual([]);

  const [money] = await rows<{
    held: string;
    deposits: string;
    withdrawals: string;
    kept: string;
    pending: string;
  }>(
    db,
    sql`select
          (select coalesce(sum(balance_cents + profit_cents), 0) from users)::text as held,
          (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'deposit')::text as deposits,
          (select coalesce(-sum(amount_cents), 0) from ledger_entries where kind = 'withdrawal')::text as withdrawals,
          (select coalesce(sum(o.quantity * ((o.price_chain -> -1 ->> 'costCents')::bigint)), 0)
             from orders o where o.status = 'completed')::text as kept,
          (select coalesce(sum(total_cents), 0) from orders where status = 'pending')::text as pending`,
  );
  expect(
    BigInt(money!.held),
    'money held = deposits − withdrawals − platform share − pending',
  ).toBe(
    BigInt(money!.deposits) -
      BigInt(money!.withdrawals) -
      BigInt(money!.kept) -
      BigInt(money!.pending),
  );
}

/**
 * The rows of each bucket chain exactly in ledger order (created_at, id): the first row's balance
 * after is its amount, each next one the previous one's plus its amount, and the last one equals
 * the bucket.
 */
export async function expectBalanceAfterChains(db: Database) {
  const broken = await rows<{ id: string }>(
    db,
    sql`select id::text from (
          select id, amount_cents, balance_after_cents,
                 lag(balance_after_cents, 1, 0::bigint) over w as before
          from ledger_entries window w as (partition by user_id, bucket order by created_at, id)
        ) r where balance_after_cents <> before + amount_cents`,
  );
  expect(broken, "each ledger row's balance after = the previous one's + its amount").toEqual([]);
  const lastOff = await rows<{ id: string }>(
    db,
    sql`select u.id from users u
        cross join (values ('balance'::ledger_bucket), ('profit'::ledger_bucket)) b(bucket)
        left join lateral (select balance_after_cents from ledger_entries l
                           where l.user_id = u.id and l.bucket = b.bucket
                           order by created_at desc, id desc limit 1) last on true
        where coalesce(last.balance_after_cents, 0)
              <> case when b.bucket = 'balance' then u.balance_cents else u.profit_cents end`,
  );
  expect(lastOff, "a bucket's last ledger row holds the bucket").toEqual([]);
}
