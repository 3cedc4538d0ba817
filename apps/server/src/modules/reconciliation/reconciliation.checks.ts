import { sql, type SQL } from 'drizzle-orm';
import {
  RECONCILIATION_ROWS_SHOWN,
  type ReconciliationCheck,
} from '@keymarket/contracts/reconciliation';
import { rowsOf, type Executor } from '../../db/client';
import { oneRow } from '../../lib/rows';

type Cell = string | number | null;

/**
 * One invariant checked by a query answering its offending rows (none: it holds). `total` is
 * how many there are in all, the query itself shows the first `RECONCILIATION_ROWS_SHOWN`.
 */
interface RowCheck {
  name: string;
  holds: string;
  fails: (total: number) => string;
  offending: SQL;
}

/**
 * The money and key invariants of DESIGN.md §5, each on the whole database. Amounts are shown in
 * cents, as stored; a row naming a user carries its id and username.
 */
const rowChecks: RowCheck[] = [
  {
    name: 'buckets_equal_ledger_sums',
    holds: 'Every balance and profit bucket equals the sum of its ledger rows.',
    fails: (n) => `${n} bucket(s) differ from the sum of their ledger rows.`,
    offending: sql`
      select u.id as user_id, u.username, b.bucket, b.bucket_cents::text, coalesce(l.sum, 0)::text as ledger_sum_cents
      from users u
      cross join lateral (values ('balance'::ledger_bucket, u.balance_cents),
                                 ('profit'::ledger_bucket, u.profit_cents)) b(bucket, bucket_cents)
      left join (select user_id, bucket, sum(amount_cents) as sum from ledger_entries
                 group by user_id, bucket) l on l.user_id = u.id and l.bucket = b.bucket
      where b.bucket_cents <> coalesce(l.sum, 0)
      order by u.username, b.bucket`,
  },
  {
    name: 'buckets_equal_last_balance_after',
    holds: 'Every bucket equals the balance after of its last ledger row.',
    fails: (n) => `${n} bucket(s) differ from the balance after of their last ledger row.`,
    offending: sql`
      select u.id as user_id, u.username, b.bucket, b.bucket_cents::text,
             last.balance_after_cents::text as last_balance_after_cents
      from users u
      cross join lateral (values ('balance'::ledger_bucket, u.balance_cents),
                                 ('profit'::ledger_bucket, u.profit_cents)) b(bucket, bucket_cents)
      left join lateral (select balance_after_cents from ledger_entries l
                         where l.user_id = u.id and l.bucket = b.bucket
                         order by l.created_at desc, l.id desc limit 1) last on true
      where b.bucket_cents <> coalesce(last.balance_after_cents, 0)
      order by u.username, b.bucket`,
  },
  {
    name: 'balance_after_chains',
    holds: "Each ledger row's balance after is the previous row's plus its amount.",
    fails: (n) => `${n} ledger row(s) do not follow on from the row before them.`,
    offending: sql`
      select r.id::text as entry_id, r.user_id, u.username, r.bucket, r.amount_cents::text,
             r.balance_after_cents::text, r.before::text as previous_balance_after_cents
      from (select id, user_id, bucket, amount_cents, balance_after_cents, created_at,
                   lag(balance_after_cents, 1, 0::bigint) over w as before
            from ledger_entries
            window w as (partition by user_id, bucket order by created_at, id)) r
      join users u on u.id = r.user_id
      where r.balance_after_cents <> r.before + r.amount_cents
      order by r.created_at, r.id`,
  },
  {
    name: 'no_negative_buckets',
    holds: 'No balance or profit is below zero, nor any ledger row’s balance after.',
    fails: (n) => `${n} bucket(s) or ledger row(s) are below zero.`,
    offending: sql`
      select u.id as user_id, u.username, u.balance_cents::text, u.profit_cents::text,
             null::text as entry_id
      from users u where u.balance_cents < 0 or u.profit_cents < 0
      union all
      select l.user_id, u.username, null, null, l.id::text
      from ledger_entries l join users u on u.id = l.user_id
      where l.balance_after_cents < 0`,
  },
  {
    name: 'movements_have_their_sign',
    holds:
      'Deposits only add and withdrawals only take; each transfer and conversion moves money without making any.',
    fails: (n) => `${n} movement(s) create or destroy money they should only move.`,
    offending: sql`
      select l.id::text as entry_id, l.user_id, u.username, l.kind::text, l.amount_cents::text
      from ledger_entries l join users u on u.id = l.user_id
      where (l.kind = 'deposit' and l.amount_cents <= 0)
         or (l.kind = 'withdrawal' and l.amount_cents >= 0)
         or (l.kind = 'refund_unit' and l.amount_cents <= 0)
         or (l.kind = 'margin_reversal' and l.amount_cents >= 0)
         or (l.kind = 'topup' and l.amount_cents <= 0)
      union all
      select null, null, null, 'transfer', sum(amount_cents)::text from ledger_entries
      where kind = 'transfer' having sum(amount_cents) <> 0
      union all
      select null, l.user_id, u.username, 'conversion', sum(l.amount_cents)::text
      from ledger_entries l join users u on u.id = l.user_id
      where l.kind = 'conversion' group by l.user_id, u.username having sum(l.amount_cents) <> 0`,
  },
  {
    name: 'orders_paid_exactly',
    holds:
      'Each order took its total from its buyer (given back if rejected, a unit price per refunded unit) and paid its sellers their margins only once completed (in their ledgers or still to be folded in), less those of its refunded units.',
    fails: (n) => `${n} order(s) whose ledger rows do not match their total and status.`,
    offending: sql`
      select o.id as order_id, o.buyer_id as user_id, u.username, o.status::text,
             o.total_cents::text, coalesce(p.paid, 0)::text as paid_cents,
             coalesce(p.margins, 0)::text as margins_cents, coalesce(r.units, 0) as refunded_units
      from orders o
      join users u on u.id = o.buyer_id
      left join (select order_id,
                        -sum(amount_cents) filter (where kind in ('purchase', 'refund', 'refund_unit')) as paid,
                        sum(amount_cents) filter (where kind in ('profit', 'margin_reversal')) as margins
                 from (select order_id, kind, amount_cents from ledger_entries
                       where order_id is not null
                       -- margins of sales not yet folded into their sellers' buckets
                       union all
                       select order_id, 'profit', amount_cents from profit_accruals) moves
                 group by order_id) p
        on p.order_id = o.id
      left join (select order_id, count(*)::int as units from order_key_actions
                 where action = 'refunded' group by order_id) r on r.order_id = o.id
      where coalesce(p.paid, 0) <> case when o.status = 'rejected' then 0
              else o.total_cents - coalesce(r.units, 0) * o.unit_price_cents end
         or coalesce(p.margins, 0) <> case when o.status = 'completed'
              then o.total_cents - o.quantity * ((o.price_chain -> -1 ->> 'costCents')::bigint)
                   - coalesce(r.units, 0)
                     * (o.unit_price_cents - (o.price_chain -> -1 ->> 'costCents')::bigint)
              else 0 end
      order by o.created_at`,
  },
  {
    name: 'keys_sold_once',
    holds: 'Every sold key belongs to one existing order of its own product.',
    fails: (n) => `${n} key(s) sold to an order that does not exist or is of another product.`,
    offending: sql`
      select k.id as key_id, k.order_id, o.buyer_id as user_id, u.username
      from product_keys k
      left join orders o on o.id = k.order_id
      left join users u on u.id = o.buyer_id
      where k.order_id is not null and (o.id is null or o.product_id <> k.product_id)`,
  },
  {
    name: 'instant_orders_hold_their_keys',
    holds:
      'Every completed instant order holds exactly its quantity of keys and one more per replaced key, every other order none.',
    fails: (n) => `${n} order(s) hold a different number of keys than they should.`,
    offending: sql`
      select o.id as order_id, o.buyer_id as user_id, u.username, o.status::text, o.quantity,
             coalesce(k.n, 0) as keys
      from orders o
      join users u on u.id = o.buyer_id
      left join (select order_id, count(*)::int as n from product_keys
                 where order_id is not null group by order_id) k on k.order_id = o.id
      left join (select order_id, count(*)::int as n from order_key_actions
                 where action = 'replaced' group by order_id) x on x.order_id = o.id
      where coalesce(k.n, 0) <> case when o.delivery_type = 'instant' and o.status = 'completed'
                                       and o.sourcing = 'local'
                                     then o.quantity + coalesce(x.n, 0) else 0 end
      order by o.created_at`,
  },
  {
    name: 'docked_orders_hold_upstream_orders',
    holds:
      'Every order of a docked product has one purchase upstream in its state, and once completed holds the upstream order id and exactly its quantity of delivered keys (DESIGN.md §14).',
    fails: (n) => `${n} docked order(s) do not match their purchase upstream.`,
    offending: sql`
      select o.id as order_id, o.buyer_id as user_id, u.username, o.status::text, o.quantity,
             p.status::text as purchase_status, p.upstream_order_id
      from orders o
      join users u on u.id = o.buyer_id
      left join upstream_orders p on p.order_id = o.id
      where o.sourcing = 'upstream'
        and (p.order_id is null
             or p.status::text <> o.status::text
             or (o.status = 'completed'
                 and (p.upstream_order_id is null or o.delivered_keys is null
                      or exists (select 1 from product_keys k where k.order_id = o.id))))
      order by o.created_at`,
  },
  {
    name: 'topups_credited_once',
    holds:
      'Every approved top-up request has exactly one credit of its amount (a top-up from the platform, a transfer from an upline), every top-up credit belongs to one approved request, and no provider reference is credited twice.',
    fails: (n) => `${n} top-up request(s) or credit(s) that do not match one to one.`,
    offending: sql`
      select t.id::text as topup_id, t.user_id, u.username, t.status::text,
             t.credit_cents::text, l.id::text as entry_id, l.amount_cents::text as entry_cents
      from topup_requests t
      join users u on u.id = t.user_id
      left join ledger_entries l on l.id = t.credit_entry_id
      where t.status = 'approved'
        and (l.id is null or l.user_id <> t.user_id or l.bucket <> 'balance'
             or l.amount_cents <> t.credit_cents
             or l.kind <> case when t.funder_id is null then 'topup'::ledger_kind
                               else 'transfer'::ledger_kind end)
      union all
      select null, l.user_id, u.username, 'unmatched credit', null, l.id::text, l.amount_cents::text
      from ledger_entries l
      join users u on u.id = l.user_id
      where l.kind = 'topup'
        and not exists (select 1 from topup_requests t
                        where t.credit_entry_id = l.id and t.status = 'approved')
      union all
      select null, null, null, 'provider reference credited twice', null, null, provider_ref
      from topup_requests where provider_ref is not null
      group by provider_ref having count(*) > 1`,
  },
];

async function runRowCheck(db: Executor, check: RowCheck): Promise<ReconciliationCheck> {
  const rows = await rowsOf<Record<string, Cell> & { total: number }>(
    db,
    sql`select *, (count(*) over ())::int as total from (${check.offending}) offending
        limit ${RECONCILIATION_ROWS_SHOWN}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    name: check.name,
    ok: total === 0,
    detail: total === 0 ? check.holds : check.fails(total),
    rows: rows.map(({ total: _total, ...row }) => row),
  };
}

/**
 * Money is created only by deposits and top-ups (DESIGN.md §13: money in = deposits + top-ups)
 * and destroyed only by withdrawals: what the users hold is deposits + top-ups − withdrawals −
 * what the platform kept of completed orders − pending orders' totals.
 * What they hold includes the margins not yet folded into profit buckets (profit-accruals.ts).
 */
async function moneyConserved(db: Executor): Promise<ReconciliationCheck> {
  const figures = oneRow(
    await rowsOf<{
      held: string;
      deposits: string;
      topups: string;
      withdrawals: string;
      kept: string;
      pending: string;
    }>(
      db,
      sql`select
            ((select coalesce(sum(balance_cents + profit_cents), 0) from users)
             + (select coalesce(sum(amount_cents), 0) from profit_accruals))::text as held,
            (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'deposit')::text as deposits,
            (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'topup')::text as topups,
            (select coalesce(-sum(amount_cents), 0) from ledger_entries where kind = 'withdrawal')::text as withdrawals,
            (select coalesce(sum((o.quantity - coalesce(r.units, 0))
                                 * ((o.price_chain -> -1 ->> 'costCents')::bigint)), 0)
               from orders o
               left join (select order_id, count(*)::int as units from order_key_actions
                          where action = 'refunded' group by order_id) r on r.order_id = o.id
               where o.status = 'completed')::text as kept,
            (select coalesce(sum(total_cents), 0) from orders where status = 'pending')::text as pending`,
    ),
  );
  const expected =
    BigInt(figures.deposits) +
    BigInt(figures.topups) -
    BigInt(figures.withdrawals) -
    BigInt(figures.kept) -
    BigInt(figures.pending);
  const ok = BigInt(figures.held) === expected;
  return {
    name: 'money_created_only_by_deposits',
    ok,
    detail: ok
      ? 'What users hold equals deposits + top-ups − withdrawals − the platform’s share of completed orders (less refunded units) − pending orders.'
      : `Users hold ${figures.held} cents where deposits + top-ups − withdrawals − platform share − pending make ${expected}.`,
    rows: ok
      ? []
      : [
          {
            held_cents: figures.held,
            deposits_cents: figures.deposits,
            topups_cents: figures.topups,
            withdrawals_cents: figures.withdrawals,
            platform_share_cents: figures.kept,
            pending_cents: figures.pending,
          },
        ],
  };
}

/** Every check, in order; each reads the database on its own. */
export async function runChecks(db: Executor): Promise<ReconciliationCheck[]> {
  const checks: ReconciliationCheck[] = [];
  for (const check of rowChecks) checks.push(await runRowCheck(db, check));
  checks.push(await moneyConserved(db));
  return checks;
}
