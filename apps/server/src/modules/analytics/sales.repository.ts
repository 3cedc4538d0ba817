import { sql, type SQL } from 'drizzle-orm';
import type { SalesGrouping, SalesMeasure } from '@keymarket/contracts/sales-analytics';
import type { Role } from '@keymarket/contracts/users';
import { rowsOf, type Database } from '../../db/client';
import { oneRow } from '../../lib/rows';
import {
  instant,
  markOf,
  readRolledUp,
  utcDay,
  within,
  type DayRange,
} from './daily-sales.repository';
import { addUtcDays, dayKey, startOfUtcDay } from './periods';

/**
 * "What sells" (GET /analytics/sales): completed orders summed per product or per channel over a
 * period and the one before it, the top rows and the totals in one statement.
 *
 * The platform's figures come from the rollup tables product_daily_sales and channel_daily_sales
 * for whole UTC days before the cutoff (yesterday), and from `orders` for the rest: today,
 * yesterday, and the partial days at either end of a period that does not start or end at a
 * midnight. A finished day never changes for the same reasons as platform_daily_sales
 * (daily-sales.repository.ts): an order is completed once, stamped `delivered_at` then, and
 * neither its total, its pricing chain, its initial price nor its upstream cost changes after
 * placement. The names (a product's, a seller's) are read at query time, never rolled up.
 *
 * A manager's or reseller's figures are read from `orders` joined to its members in
 * invitation_tree (its downline and itself): a reseller's few members through orders_buyer_idx, a
 * big manager's through the period's range of orders_delivered_idx. No rollup per seller yet: a
 * manager with a fifth of a million orders takes 0.1-1.6 s on a loaded 2-CPU machine
 * (docs/adr/0069-sales-analytics.md).
 */

export interface Period {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface SalesPeriods {
  current: Period;
  previous: Period;
}

export interface SalesSelection {
  by: SalesGrouping;
  sort: SalesMeasure;
  limit: number;
  periods: SalesPeriods;
}

/** Sums as text (bigint cents; orders and units too, summed over a million orders). */
export interface FiguresText {
  orders: string;
  units: string;
  revenue: string;
  profit: string;
}

export interface SalesRowText {
  id: string;
  name: string;
  role: Role | null;
  docked: boolean | null;
  current: FiguresText;
  previous: FiguresText;
}

export interface SalesAnswer {
  totals: { current: FiguresText; previous: FiguresText };
  rows: SalesRowText[];
}

/** The mark under analytics_rollup_marks of both rollup tables, filled together. */
const SALES_SCOPE = 'platform-sales';

type PeriodName = 'current' | 'previous';
const PERIODS: readonly PeriodName[] = ['current', 'previous'];

const delivered = sql`o.delivered_at`;

/**
 * The platform's completed orders in `range`, one row each: its UTC day, product, channel (the
 * top of the pricing chain, whose price paid the platform) and figures. Profit: what the chain's
 * top paid (an order without a chain paid the buyer's total) minus the platform's cost, the
 * upstream cost recorded on a docked order, else the initial price when placed (the product's
 * current one on rows older than that column), as platformDaysQuery counts it.
 */
function platformOrders(range: DayRange): SQL {
  return sql`
    select ${utcDay(delivered)} as day, o.product_id, o.delivered_at as at,
      coalesce(((o.price_chain -> -1) ->> 'userId')::uuid, o.buyer_id) as channel_id,
      o.quantity as units, o.total_cents as revenue,
      coalesce(o.quantity * ((o.price_chain -> -1) ->> 'costCents')::bigint, o.total_cents)
        - o.quantity * coalesce(u.unit_cost_cents, o.initial_price_cents, p.initial_price_cents)
        as profit
    from orders o
    join products p on p.id = o.product_id
    left join upstream_orders u on u.order_id = o.id
    where o.status = 'completed' and ${within(delivered, range)}`;
}

/** Sums `platformOrders` of `range` into both rollup tables, in one statement. */
function fillSales(range: DayRange): SQL {
  // Inserted in day order, so a day's rows share pages: a month's ranking then reads a month of
  // pages, not rows scattered over the whole table (the first benchmark's 28 days touched 7,833 of
  // about 8,800 pages).
  const sums = (key: string) => sql`
    select day, ${sql.raw(key)}, sum(orders), sum(units), sum(revenue), sum(profit)
    from sums group by day, ${sql.raw(key)} order by day, ${sql.raw(key)}`;
  const figures = sql`completed_orders = excluded.completed_orders, units = excluded.units,
    revenue_cents = excluded.revenue_cents, profit_cents = excluded.profit_cents`;
  return sql`
    with sums as materialized (
      select day, product_id, channel_id, count(*) as orders, sum(units) as units,
        sum(revenue) as revenue, sum(profit) as profit
      from (${platformOrders(range)}) o
      group by day, product_id, channel_id),
    by_product as (
      insert into product_daily_sales (day, product_id, completed_orders, units, revenue_cents,
        profit_cents)
      ${sums('product_id')}
      on conflict (day, product_id) do update set ${figures})
    insert into channel_daily_sales (day, channel_id, completed_orders, units, revenue_cents,
      profit_cents)
    ${sums('channel_id')}
    on conflict (day, channel_id) do update set ${figures}`;
}

const keyColumn = (by: SalesGrouping) => sql.raw(by === 'product' ? 'product_id' : 'channel_id');

/**
 * The pieces of the platform's `range`: whole days before `cutoff` from the rollup table, the
 * rest (partial days at either end, the days from `cutoff` on) from `orders`.
 */
function platformPieces(by: SalesGrouping, name: PeriodName, range: Period, cutoff: Date) {
  const key = keyColumn(by);
  const live = (part: Period) => sql`
    select ${name}::text as period, ${key} as key, 1 as orders, units, revenue, profit
    from (${platformOrders(part)}) o`;
  const dayStart = startOfUtcDay(range.from);
  const firstDay = dayStart < range.from ? addUtcDays(dayStart, 1) : dayStart;
  const lastDay = startOfUtcDay(range.to);
  const rolledEnd = lastDay < cutoff ? lastDay : cutoff;
  if (firstDay >= rolledEnd) return { rolled: false, pieces: [live(range)] };
  const table = sql.raw(by === 'product' ? 'product_daily_sales' : 'channel_daily_sales');
  const pieces = [
    sql`select ${name}::text as period, ${key} as key, completed_orders as orders, units,
          revenue_cents as revenue, profit_cents as profit
        from ${table} where day >= ${dayKey(firstDay)}::date and day < ${dayKey(rolledEnd)}::date`,
  ];
  if (range.from < firstDay) pieces.push(live({ from: range.from, to: firstDay }));
  if (rolledEnd < range.to) pieces.push(live({ from: rolledEnd, to: range.to }));
  return { rolled: true, pieces };
}

/**
 * The completed orders bought by `viewerId` or its downline in either period, one row each, with
 * the channel (the viewer's direct invitee above the buyer, or the viewer itself for its own)
 * and the viewer's margin. The pricing chain lists the buyer's inviters in order up to the first
 * one the platform prices (pricing.service.ts `chainOf`), so the viewer, `depth` levels above
 * the buyer, is link `depth` of the chain when it is in it at all; its margin is what link
 * `depth - 1` paid it minus its own cost, as `profitMargins` credits it.
 */
function downlinePieces(by: SalesGrouping, viewerId: string, periods: SalesPeriods): SQL {
  const { current, previous } = periods;
  const viewerLink = sql`(o.price_chain -> m.depth)`;
  // Each member's channel is found once, not once per order (a manager with 20,000 members below
  // it has ten times as many orders): the members below each direct invitee, by the primary key's
  // ranges of invitation_tree, and the viewer itself.
  const members =
    by === 'seller'
      ? sql`select c.descendant_id as id, c.depth + 1 as depth, d.descendant_id as channel
            from invitation_tree d
            join invitation_tree c on c.ancestor_id = d.descendant_id
            where d.ancestor_id = ${viewerId} and d.depth = 1
            union all
            select ${viewerId}::uuid, 0, ${viewerId}::uuid`
      : sql`select t.descendant_id as id, t.depth from invitation_tree t
            where t.ancestor_id = ${viewerId}`;
  return sql`
    select case when o.delivered_at >= ${instant(current.from)} then 'current' else 'previous' end
        as period,
      ${by === 'product' ? sql`o.product_id` : sql`m.channel`} as key, 1 as orders,
      o.quantity as units, o.total_cents as revenue,
      case when m.depth > 0 and ${viewerLink} ->> 'userId' = ${viewerId}
        then o.quantity * (((o.price_chain -> (m.depth - 1)) ->> 'costCents')::bigint
                           - (${viewerLink} ->> 'costCents')::bigint)
        else 0 end as profit
    from (${members}) m
    join orders o on o.buyer_id = m.id
    where o.status = 'completed'
      and ${within(delivered, { from: previous.from, to: current.to })}
      -- Completed after it was placed: bounds the read of orders_buyer_idx (buyer, created_at).
      and o.created_at < ${instant(current.to)}`;
}

const SORT_COLUMNS: Record<SalesMeasure, string> = {
  revenue: 'c_revenue',
  units: 'c_units',
  profit: 'c_profit',
};

const figuresJson = (prefix: 'c' | 'p', from = '') => {
  const column = (measure: string) => sql.raw(`${from}${prefix}_${measure}`);
  return sql`json_build_object('orders', ${column('orders')}::text, 'units', ${column('units')}::text,
    'revenue', ${column('revenue')}::text, 'profit', ${column('profit')}::text)`;
};

/**
 * The top `limit` keys by the current period's `sort` (ties by name, then id) among those that
 * sold in it, each with both periods' figures, and the totals of every key, over `pieces`.
 */
function rankingQuery(selection: SalesSelection, pieces: readonly SQL[], mark: SQL): SQL {
  const sums = (name: PeriodName, prefix: string) =>
    sql.raw(
      ['orders', 'units', 'revenue', 'profit']
        .map(
          (m) =>
            `coalesce(sum(${m}) filter (where period = '${name}'), 0)::bigint as ${prefix}_${m}`,
        )
        .join(', '),
    );
  const named =
    selection.by === 'product'
      ? sql`select g.*, p.name, null::text as role, p.upstream_id is not null as docked
            from grouped g join products p on p.id = g.key`
      : sql`select g.*, u.username as name, u.role::text as role, null::boolean as docked
            from grouped g join users u on u.id = g.key`;
  const sort = sql.raw(SORT_COLUMNS[selection.sort]);
  const total = (prefix: string) =>
    sql.raw(
      ['orders', 'units', 'revenue', 'profit']
        .map((m) => `coalesce(sum(${prefix}_${m}), 0) as ${prefix}_${m}`)
        .join(', '),
    );
  return sql`
    with pieces as (${sql.join(
      pieces.map((piece) => sql`(${piece})`),
      sql` union all `,
    )}),
    grouped as (
      select key, ${sums('current', 'c')}, ${sums('previous', 'p')}
      from pieces group by key),
    top as (
      select * from (${named}) n where c_orders > 0
      order by ${sort} desc, name, key limit ${selection.limit})
    select ${mark} as mark,
      (select json_build_object('current', ${figuresJson('c')}, 'previous', ${figuresJson('p')})
       from (select ${total('c')}, ${total('p')} from grouped) t) as totals,
      (select coalesce(json_agg(json_build_object('id', key, 'name', name, 'role', role,
                 'docked', docked, 'current', ${figuresJson('c')}, 'previous', ${figuresJson('p')})
               order by ${sort} desc, name, key), '[]'::json)
       from top) as rows`;
}

type Answer = SalesAnswer & { mark: string | null };

/** The whole platform's ranking; rolls up the finished days it needs that are not yet. */
export async function platformSales(
  db: Database,
  selection: SalesSelection,
  cutoff: Date,
): Promise<SalesAnswer> {
  const parts = PERIODS.map((name) =>
    platformPieces(selection.by, name, selection.periods[name], cutoff),
  );
  const query = rankingQuery(
    selection,
    parts.flatMap((part) => part.pieces),
    markOf(SALES_SCOPE),
  );
  const read = async (from: Database) => oneRow(await rowsOf<Answer>(from, query));
  const source = { scope: SALES_SCOPE, fill: fillSales };
  const { mark: _mark, ...answer } = parts.some((part) => part.rolled)
    ? await readRolledUp(db, source, cutoff, read)
    : await read(db);
  return answer;
}

/** The ranking of a manager's or reseller's own and downline's orders. */
export async function downlineSales(
  db: Database,
  viewerId: string,
  selection: SalesSelection,
): Promise<SalesAnswer> {
  const query = rankingQuery(
    selection,
    [downlinePieces(selection.by, viewerId, selection.periods)],
    sql`null::text`,
  );
  const { mark: _mark, ...answer } = oneRow(await rowsOf<Answer>(db, query));
  return answer;
}
