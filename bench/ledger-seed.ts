import type pg from 'pg';
import { seedStep } from './analytics-seed';
import { adminId } from './seed';

/**
 * The ledger benchmark's money history, written with set-wise SQL over the orders that
 * `seedAnalytics` wrote (1,000,000 orders of 100,000 users), shaped as the application writes it:
 *
 * - two deposits by the admin for every user below it (at its creation and 200 days later),
 * - a purchase (balance, minus the order's total) for every order, at the order's time,
 * - a refund (balance, plus the total) for every rejected order, when it was answered,
 * - a profit for every seller up the order's price chain of every completed order, at delivery:
 *   the member above earns the difference of the two costs times the quantity, the buyer as
 *   the counterparty.
 *
 * `balance_after_cents` is the running sum of each bucket in ledger order (created_at, id): the
 * rows are inserted in time order so that ids follow it, and the window sums in the same order.
 * The users' buckets are then set to the sum of their rows (the invariant of DESIGN.md §5).
 */

export interface LedgerSeed {
  rows: number;
  byKind: Record<string, number>;
  seconds: Record<string, number>;
}

/** Each deposit; a level-two reseller buys for ~30,000 cents in all, so no bucket goes below 0. */
const DEPOSIT_CENTS = 5_000_000;

export async function seedLedger(pool: pg.Pool, log: (line: string) => void): Promise<LedgerSeed> {
  const admin = await adminId(pool);
  const seconds: Record<string, number> = {};
  const step = seedStep(pool, seconds, log);

  // seq orders the kinds of one instant (never needed with these times, kept for determinism).
  await step(
    'ledger rows (deposits, purchases, refunds, profits) with chained balance_after',
    `insert into ledger_entries (user_id, bucket, amount_cents, balance_after_cents, kind,
       order_id, actor_id, counterparty_id, note, created_at)
     select user_id, bucket::ledger_bucket, amount,
       sum(amount) over (partition by user_id, bucket order by created_at, seq, order_id
                         rows unbounded preceding),
       kind::ledger_kind, order_id, actor_id, counterparty_id, note, created_at
     from (
       select u.id as user_id, 'balance' as bucket, ${DEPOSIT_CENTS}::bigint as amount,
         'deposit' as kind, null::uuid as order_id, $1::uuid as actor_id,
         null::uuid as counterparty_id, 'Bench deposit ' || d as note,
         u.created_at + (d - 1) * interval '200 days' as created_at, 0 as seq
       from users u, generate_series(1, 2) d where u.id <> $1
       union all
       select o.buyer_id, 'balance', -o.total_cents, 'purchase', o.id, o.buyer_id, null, null,
         o.created_at, 1
       from orders o
       union all
       select o.buyer_id, 'balance', o.total_cents, 'refund', o.id, $1, null, null,
         o.responded_at, 2
       from orders o where o.status = 'rejected'
       union all
       -- Member i (1-based) of the chain earns on the member below it, element i - 2 (0-based).
       select (c ->> 'userId')::uuid, 'profit',
         o.quantity * (((o.price_chain -> (i::int - 2)) ->> 'costCents')::bigint
                       - (c ->> 'costCents')::bigint),
         'profit', o.id, null, o.buyer_id, null, o.delivered_at, 3
       from orders o, jsonb_array_elements(o.price_chain) with ordinality as e(c, i)
       where o.status = 'completed' and i > 1
     ) m
     order by created_at, seq, order_id`,
    [admin],
  );
  await step(
    'buckets = sum of their rows',
    `update users u set balance_cents = s.balance, profit_cents = s.profit from (
       select user_id,
         coalesce(sum(amount_cents) filter (where bucket = 'balance'), 0) as balance,
         coalesce(sum(amount_cents) filter (where bucket = 'profit'), 0) as profit
       from ledger_entries group by user_id) s
     where u.id = s.user_id`,
  );
  await step('vacuum analyze', 'vacuum analyze');

  const { rows } = await pool.query<{ kind: string; n: number }>(
    `select kind::text, count(*)::int as n from ledger_entries group by kind order by kind`,
  );
  const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  return { rows: rows.reduce((sum, r) => sum + r.n, 0), byKind, seconds };
}

/**
 * The checks of the reconciliation that the seed must pass, on the whole table: every bucket
 * equals the sum of its rows and its last balance_after, none below zero, and every row's
 * balance_after is the previous row's plus its amount. Answers the number of offending buckets
 * or rows of each (all 0 on a sound seed).
 */
export async function checkLedger(pool: pg.Pool) {
  const { rows } = await pool.query<{ buckets: number; negative: number; chain: number }>(
    `with last as (
       select distinct on (user_id, bucket) user_id, bucket, balance_after_cents
       from ledger_entries order by user_id, bucket, created_at desc, id desc),
     sums as (
       select user_id, bucket, sum(amount_cents) as total from ledger_entries group by 1, 2)
     select
       (select count(*)::int from users u
          left join sums sb on sb.user_id = u.id and sb.bucket = 'balance'
          left join sums sp on sp.user_id = u.id and sp.bucket = 'profit'
          left join last lb on lb.user_id = u.id and lb.bucket = 'balance'
          left join last lp on lp.user_id = u.id and lp.bucket = 'profit'
        where u.balance_cents <> coalesce(sb.total, u.balance_cents)
           or u.profit_cents <> coalesce(sp.total, u.profit_cents)
           or u.balance_cents <> coalesce(lb.balance_after_cents, u.balance_cents)
           or u.profit_cents <> coalesce(lp.balance_after_cents, u.profit_cents)) as buckets,
       (select count(*)::int from ledger_entries where balance_after_cents < 0) as negative,
       (select count(*)::int from (
          select balance_after_cents - amount_cents as before,
            lag(balance_after_cents, 1, 0::bigint) over (
              partition by user_id, bucket order by created_at, id) as previous
          from ledger_entries) c
        where before <> previous) as chain`,
  );
  return rows[0]!;
}
