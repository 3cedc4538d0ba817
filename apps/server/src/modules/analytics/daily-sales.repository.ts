import { eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { writerFor } from '../../db/read-routing';
import {
  analyticsRollupMarks,
  channelDailySales,
  downlineDailySales,
  platformDailySales,
  productDailySales,
} from '../../db/schema/index';
import { dayKey, startOfUtcDay, type DaySales } from './periods';
import { oneRow } from '../../lib/rows';

/**
 * Orders summed per UTC day: finished days from the rollup tables (filled the first time an
 * analytics call needs them, then one day at a time), the days from `cutoff` on straight from
 * `orders`. A finished day never changes: the application writes each order event (placed,
 * completed, rejected) at the moment it happens, and the invitation tree never changes.
 */

export interface PlatformDay extends DaySales {
  placedOrders: number;
  rejectedOrders: number;
  platformShareCents: bigint;
  platformCostCents: bigint;
}

/** A range of days: `to` undefined means "and everything after". */
export interface DayRange {
  from: Date;
  to?: Date;
}

const EPOCH = new Date(0);
// pg_advisory_xact_lock(key1, key2): key1 names this use, key2 the scope.
const ROLLUP_LOCK = 7_301_845;

export const instant = (time: Date) => sql`${time.toISOString()}::timestamptz`;
export const utcDay = (column: SQL) => sql`((${column}) at time zone 'UTC')::date`;

export function within(column: SQL, range: DayRange): SQL {
  const upper = range.to ? sql` and ${column} < ${instant(range.to)}` : sql``;
  return sql`${column} >= ${instant(range.from)}${upper}`;
}

/** Every measure of the platform per day, each event counted on the day it happened. */
function platformDaysQuery(range: DayRange): SQL {
  const created = sql`o.created_at`;
  const delivered = sql`o.delivered_at`;
  const responded = sql`o.responded_at`;
  return sql`
    select day, sum(placed)::int as placed, sum(completed)::int as completed,
      sum(rejected)::int as rejected, sum(revenue)::bigint as revenue,
      sum(share)::bigint as share, sum(cost)::bigint as cost
    from (
      select ${utcDay(created)} as day, count(*) as placed, 0 as completed, 0 as rejected,
        0 as revenue, 0 as share, 0 as cost
      from orders o where ${within(created, range)} group by 1
      union all
      select ${utcDay(delivered)}, 0, count(*), 0, sum(o.total_cents),
        -- The top of the pricing chain paid the platform; an order without a chain paid it all.
        sum(coalesce(o.quantity * ((o.price_chain -> -1) ->> 'costCents')::bigint, o.total_cents)),
        sum(o.quantity * coalesce(o.initial_price_cents, p.initial_price_cents))
      from orders o join products p on p.id = o.product_id
      where o.status = 'completed' and ${within(delivered, range)} group by 1
      union all
      select ${utcDay(responded)}, 0, 0, count(*), 0, 0, 0
      from orders o where o.status = 'rejected' and ${within(responded, range)} group by 1
    ) events
    group by day`;
}

/** Completed orders of the downline of `userId` (not its own) per day of completion. */
function downlineDaysQuery(userId: string, range: DayRange): SQL {
  const delivered = sql`o.delivered_at`;
  return sql`
    select ${utcDay(delivered)} as day, count(*)::int as completed, sum(o.total_cents)::bigint as revenue
    from orders o join invitation_tree t on t.descendant_id = o.buyer_id
    where t.ancestor_id = ${userId} and t.depth > 0 and o.status = 'completed'
      and ${within(delivered, range)}
    group by 1`;
}

interface PlatformDayRow {
  day: string;
  placed: number;
  completed: number;
  rejected: number;
  revenue: string;
  share: string;
  cost: string;
}

interface DownlineDayRow {
  day: string;
  completed: number;
  revenue: string;
}

async function rolledUntil(db: Executor, scope: string): Promise<string | undefined> {
  const [row] = await db
    .select({ rolledUntil: analyticsRollupMarks.rolledUntil })
    .from(analyticsRollupMarks)
    .where(eq(analyticsRollupMarks.scope, scope));
  return row?.rolledUntil;
}

/**
 * Sums the finished days before `cutoff` not yet rolled up for `scope` ('platform' or a user id).
 * Concurrent calls for one scope queue on an advisory lock and the second finds the work done.
 */
async function rollUp(db: Database, scope: string, cutoff: Date, fill: (range: DayRange) => SQL) {
  const until = dayKey(cutoff);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, hashtext(${scope}))`);
    const mark = await rolledUntil(tx, scope);
    if (mark !== undefined && mark >= until) return;
    const from = mark ? new Date(`${mark}T00:00:00.000Z`) : EPOCH;
    await tx.execute(fill({ from, to: cutoff }));
    await tx
      .insert(analyticsRollupMarks)
      .values({ scope, rolledUntil: until })
      .onConflictDoUpdate({ target: analyticsRollupMarks.scope, set: { rolledUntil: until } });
  });
}

/** How one scope's days are read from its rollup table, summed from `orders` and rolled up. */
interface DaySource {
  scope: string;
  /** Rows of the rollup table for the days in [from, to) (`YYYY-MM-DD`). */
  rolled(from: string, to: string): SQL;
  /** The same columns summed from `orders`. */
  live(range: DayRange): SQL;
  /** Inserts the days of `range` into the rollup table. */
  fill: (range: DayRange) => SQL;
}

/** How far `scope` is rolled up (`YYYY-MM-DD` text, or null), as a column of the read it guards. */
export const markOf = (scope: string) =>
  sql`(select rolled_until::text from analytics_rollup_marks where scope = ${scope})`;

/**
 * `read` answers, beside what it read from a rollup table, the scope's mark (`markOf`) in the
 * same statement, so in one snapshot with those rows. In the rare case the mark does not reach
 * `cutoff` yet (the first call of the day for this scope), the missing days are rolled up and
 * the read is repeated.
 */
export async function readRolledUp<T extends { mark: string | null }>(
  db: Database,
  source: Pick<DaySource, 'scope' | 'fill'>,
  cutoff: Date,
  read: (db: Database) => Promise<T>,
): Promise<T> {
  const result = await read(db);
  if (result.mark !== null && result.mark >= dayKey(cutoff)) return result;
  // `db` may be a replica (db/read-routing.ts): the rollup is written on the primary, and read
  // back there, since the replica may not have it yet.
  const primary = writerFor(db);
  await rollUp(primary, source.scope, cutoff, source.fill);
  return read(primary);
}

/**
 * The days of `range`: rolled-up ones before `cutoff`, live ones after, in one round trip that
 * also reads how far the rollup goes (`readRolledUp`).
 */
async function daysOf<Row>(db: Database, source: DaySource, range: DayRange, cutoff: Date) {
  const rolledEnd = range.to && range.to < cutoff ? range.to : cutoff;
  const needsRollup = range.from < rolledEnd;
  const parts: SQL[] = [];
  if (needsRollup) parts.push(source.rolled(dayKey(range.from), dayKey(rolledEnd)));
  if (!range.to || range.to > cutoff) parts.push(source.live(liveRange(range, cutoff)));
  if (parts.length === 0) return [];
  const union = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  const read = async (from: Database) =>
    oneRow(
      await rowsOf<{ mark: string | null; days: Row[] | null }>(
        from,
        sql`select ${markOf(source.scope)} as mark,
                   (select json_agg(d) from (${union}) d) as days`,
      ),
    );
  const result = needsRollup ? await readRolledUp(db, source, cutoff, read) : await read(db);
  return result.days ?? [];
}

const platformSource: DaySource = {
  scope: 'platform',
  rolled: (from, to) => sql`
    select day::text as day, placed_orders as placed, completed_orders as completed,
      rejected_orders as rejected, revenue_cents::text as revenue,
      platform_share_cents::text as share, platform_cost_cents::text as cost
    from platform_daily_sales where day >= ${from}::date and day < ${to}::date`,
  live: (range) => sql`
    select day::text as day, placed, completed, rejected, revenue::text as revenue,
      share::text as share, cost::text as cost
    from (${platformDaysQuery(range)}) d`,
  fill: (range) => sql`
    insert into platform_daily_sales (day, placed_orders, completed_orders, rejected_orders,
      revenue_cents, platform_share_cents, platform_cost_cents)
    select day, placed, completed, rejected, revenue, share, cost from (${platformDaysQuery(range)}) d
    on conflict (day) do update set placed_orders = excluded.placed_orders,
      completed_orders = excluded.completed_orders, rejected_orders = excluded.rejected_orders,
      revenue_cents = excluded.revenue_cents, platform_share_cents = excluded.platform_share_cents,
      platform_cost_cents = excluded.platform_cost_cents`,
};

const downlineSource = (userId: string): DaySource => ({
  scope: userId,
  rolled: (from, to) => sql`
    select day::text as day, completed_orders as completed, revenue_cents::text as revenue
    from downline_daily_sales
    where user_id = ${userId} and day >= ${from}::date and day < ${to}::date`,
  live: (range) => sql`
    select day::text as day, completed, revenue::text as revenue
    from (${downlineDaysQuery(userId, range)}) d`,
  fill: (range) => sql`
    insert into downline_daily_sales (user_id, day, completed_orders, revenue_cents)
    select ${userId}, day, completed, revenue from (${downlineDaysQuery(userId, range)}) d
    on conflict (user_id, day) do update set completed_orders = excluded.completed_orders,
      revenue_cents = excluded.revenue_cents`,
});

/** The platform's sales per day over `range`. */
export async function platformDays(
  db: Database,
  range: DayRange,
  cutoff: Date,
): Promise<PlatformDay[]> {
  const rows = await daysOf<PlatformDayRow>(db, platformSource, range, cutoff);
  return rows.map((r) => ({
    day: r.day,
    placedOrders: r.placed,
    orders: r.completed,
    rejectedOrders: r.rejected,
    revenueCents: BigInt(r.revenue),
    platformShareCents: BigInt(r.share),
    platformCostCents: BigInt(r.cost),
  }));
}

/** Every order of the platform by status, and what the completed ones were paid. */
export interface PlatformOrderTotals {
  total: number;
  pending: number;
  completed: number;
  rejected: number;
  /** Σ `total_cents` of the completed orders (text: a sum of bigints). */
  revenueCents: string;
}

/**
 * The orders screen's stat cards over the whole platform, equal to what a pass over every order
 * answers (`orderStats` with no filter), from the rollup's finished days plus the orders since
 * `cutoff`, each measure read through its index: placed by `created_at` (orders_created_idx),
 * completed and their revenue by `delivered_at` (orders_delivered_idx), rejected by
 * `responded_at` (orders_responded_idx). It holds because none of these changes for a finished
 * day once that day is rolled up (docs/adr/0049-order-stat-cards-from-rollup.md):
 * - orders are never deleted and `created_at` never changes: each is in `placed` once;
 * - an order leaves `pending` once (`leavePending`, conditional on it): completed with
 *   `delivered_at` (an instant sale, an answer, a backorder fill) or rejected with `responded_at`,
 *   both "now", and it never leaves `completed` or `rejected`. An old pending order answered today
 *   is counted today, on the live side, and no longer pending;
 * - `total_cents` never changes after placement: a unit refund or a key replacement writes
 *   `order_key_actions` and the ledger, not the order. Revenue is what completed orders were
 *   paid before unit refunds, here as in the pass over every order.
 * Pending is counted (the few pending rows of orders_status_created_idx), not derived as
 * placed − completed − rejected, so it is always the live figure.
 * The live side is each measure from `cutoff` on, the complement of the fill's range (`within`).
 */
export async function platformOrderTotals(
  db: Database,
  cutoff: Date,
): Promise<PlatformOrderTotals> {
  // The rollup ends on a day's first instant: any other cutoff would leave the rest of its day
  // out of both sides.
  if (startOfUtcDay(cutoff).getTime() !== cutoff.getTime()) {
    throw new Error(`The rollup's cutoff must be a UTC midnight, not ${cutoff.toISOString()}`);
  }
  const since: DayRange = { from: cutoff };
  const read = async () =>
    oneRow(
      await rowsOf<PlatformOrderTotals & { mark: string | null }>(
        db,
        sql`select ${markOf(platformSource.scope)} as mark,
              (r.placed + p.placed)::int as total,
              w.pending::int as pending,
              (r.completed + c.completed)::int as completed,
              (r.rejected + j.rejected)::int as rejected,
              (r.revenue + c.revenue)::text as "revenueCents"
            from (select coalesce(sum(placed_orders), 0) as placed,
                    coalesce(sum(completed_orders), 0) as completed,
                    coalesce(sum(rejected_orders), 0) as rejected,
                    coalesce(sum(revenue_cents), 0) as revenue
                  from platform_daily_sales where day < ${dayKey(cutoff)}::date) r,
              (select count(*) as placed from orders where ${within(sql`created_at`, since)}) p,
              (select count(*) as completed, coalesce(sum(total_cents), 0) as revenue
                 from orders where status = 'completed' and ${within(sql`delivered_at`, since)}) c,
              (select count(*) as rejected
                 from orders where status = 'rejected' and ${within(sql`responded_at`, since)}) j,
              (select count(*) as pending from orders where status = 'pending') w`,
      ),
    );
  const { mark: _mark, ...totals } = await readRolledUp(db, platformSource, cutoff, read);
  return totals;
}

/** Completed orders of the downline of `userId` (not its own) per day over `range`. */
export async function downlineDays(
  db: Database,
  userId: string,
  range: DayRange,
  cutoff: Date,
): Promise<DaySales[]> {
  const rows = await daysOf<DownlineDayRow>(db, downlineSource(userId), range, cutoff);
  return rows.map((r) => ({ day: r.day, orders: r.completed, revenueCents: BigInt(r.revenue) }));
}

/** The caller's own completed orders per day over `range` (one user's: always read live). */
export async function ownDays(db: Executor, userId: string, range: DayRange): Promise<DaySales[]> {
  const delivered = sql`o.delivered_at`;
  const rows = await rowsOf<{ day: string; completed: number; revenue: string }>(
    db,
    sql`select ${utcDay(delivered)}::text as day, count(*)::int as completed,
          sum(o.total_cents)::text as revenue
        from orders o
        where o.buyer_id = ${userId} and o.status = 'completed' and ${within(delivered, range)}
        group by 1`,
  );
  return rows.map((r) => ({
    day: r.day,
    orders: Number(r.completed),
    revenueCents: BigInt(r.revenue),
  }));
}

function liveRange(range: DayRange, cutoff: Date): DayRange {
  return { from: range.from > cutoff ? range.from : cutoff, to: range.to };
}

/**
 * Forgets every rollup, for writers that change history (the demo seed moves its orders into
 * the past): the next analytics call sums the days again.
 */
export async function resetDailySales(db: Executor) {
  await db.delete(downlineDailySales);
  await db.delete(platformDailySales);
  await db.delete(productDailySales);
  await db.delete(channelDailySales);
  await db.delete(analyticsRollupMarks);
}
