import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { signIn } from './auth';
import { seedAnalytics } from './analytics-seed';
import { DEFAULT_ANALYTICS_OPTIONS } from './analytics';
import { createBenchDatabase, serverVersion } from './database';
import { describeMachine, fmt, machine, percentile, saveResults, table } from './report';
import { USER_PASSWORD } from './seed';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ensureServerBuilt, startServer } from './server';

/**
 * GET /api/analytics/sales ("what sells") on the analytics benchmark's platform: 100,000 users and
 * 1,000,000 orders over 400 days (`analytics-seed.ts`). For the admin (the whole platform), by
 * product and by seller, over 30 and 365 days: the first call (the very first one also rolls every
 * finished day up once), then the median of repeated calls, against the same ranking computed by
 * one GROUP BY over `orders` (what the route would cost without the rollup tables), as a ratio.
 * The manager with a fifth of the tree is timed too (its scope is read from `orders`).
 */

export interface SalesBenchOptions {
  /** Repeated calls per query after the first. */
  repeats: number;
  /** Another build's dist/main.js; this checkout's by default. */
  serverMain?: string;
  /** Keep the seeded database (its name printed) for EXPLAIN by hand. */
  keep?: boolean;
}

export const DEFAULT_SALES_OPTIONS: SalesBenchOptions = { repeats: 15 };

const DAY_MS = 86_400_000;
const log = (line: string) => console.log(line);

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

async function get(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
}

/**
 * The ranking by one GROUP BY over `orders`, as sales.repository.ts counts it (both periods in
 * one pass, the top 10 by revenue with their names), without rollup tables.
 */
function rawRanking(by: 'product' | 'seller') {
  const key =
    by === 'product'
      ? 'o.product_id'
      : `coalesce(((o.price_chain -> -1) ->> 'userId')::uuid, o.buyer_id)`;
  const names =
    by === 'product' ? 'join products n on n.id = g.key' : 'join users n on n.id = g.key';
  const name = by === 'product' ? 'n.name' : 'n.username';
  return `
    with grouped as (
      select ${key} as key,
        count(*) filter (where o.delivered_at >= $2) as c_orders,
        sum(o.quantity) filter (where o.delivered_at >= $2) as c_units,
        sum(o.total_cents) filter (where o.delivered_at >= $2) as c_revenue,
        sum(coalesce(o.quantity * ((o.price_chain -> -1) ->> 'costCents')::bigint, o.total_cents)
            - o.quantity * coalesce(u.unit_cost_cents, o.initial_price_cents, p.initial_price_cents))
          filter (where o.delivered_at >= $2) as c_profit,
        count(*) filter (where o.delivered_at < $2) as p_orders,
        sum(o.total_cents) filter (where o.delivered_at < $2) as p_revenue
      from orders o join products p on p.id = o.product_id
      left join upstream_orders u on u.order_id = o.id
      where o.status = 'completed' and o.delivered_at >= $1 and o.delivered_at < $3
      group by 1)
    select g.*, ${name} as name, (select sum(c_revenue) from grouped) as total
    from grouped g ${names} where c_orders > 0
    order by c_revenue desc, ${name} limit 10`;
}

interface Measured {
  caller: string;
  query: string;
  firstMs: number;
  medianMs: number;
  p90Ms: number;
  rawFirstMs?: number;
  rawMedianMs?: number;
}

async function repeat(times: number, run: () => Promise<unknown>) {
  const durations: number[] = [];
  for (let i = 0; i < times; i++) durations.push(await timed(run));
  return durations.sort((a, b) => a - b);
}

export async function salesBenchmark(options: SalesBenchOptions = DEFAULT_SALES_OPTIONS) {
  if (!options.serverMain) ensureServerBuilt(log);
  const db = await createBenchDatabase();
  log(`\ndatabase ${db.name}`);
  const loadBefore = os.loadavg();
  try {
    const server = await startServer({
      databaseUrl: db.url,
      keysSecret: randomBytes(32).toString('hex'),
      ...(options.serverMain ? { serverMain: options.serverMain } : {}),
    });
    try {
      log(`server ${server.baseUrl} (pid ${server.pid}); seeding:`);
      const seed = await seedAnalytics(db.pool, DEFAULT_ANALYTICS_OPTIONS, log);
      log(`${seed.users} users, ${seed.orders} orders`);
      const admin = await signIn(server.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
      const manager = await signIn(server.baseUrl, seed.bigManagerUsername, USER_PASSWORD);
      const loadAtStart = os.loadavg();

      const measured: Measured[] = [];
      for (const [caller, cookie] of [
        ['admin', admin],
        ['manager', manager],
      ] as const) {
        for (const days of [30, 365]) {
          for (const by of ['product', 'seller'] as const) {
            const now = Date.now();
            const from = new Date(now - days * DAY_MS);
            const url = `${server.baseUrl}/api/analytics/sales?by=${by}&from=${from.toISOString()}`;
            const firstMs = await timed(() => get(url, cookie));
            const api = await repeat(options.repeats, () => get(url, cookie));
            const row: Measured = {
              caller,
              query: `by=${by}, ${days} days`,
              firstMs,
              medianMs: percentile(api, 50),
              p90Ms: percentile(api, 90),
            };
            if (caller === 'admin') {
              const params = [new Date(now - 2 * days * DAY_MS), from, new Date(now)];
              const raw = (pool: pg.Pool) => pool.query(rawRanking(by), params);
              row.rawFirstMs = await timed(() => raw(db.pool));
              row.rawMedianMs = percentile(
                await repeat(Math.min(options.repeats, 5), () => raw(db.pool)),
                50,
              );
            }
            measured.push(row);
            log(
              `  ${caller} ${row.query}: first ${fmt(firstMs, 0)} ms, median ${fmt(row.medianMs, 0)} ms` +
                (row.rawMedianMs === undefined
                  ? ''
                  : `, raw GROUP BY median ${fmt(row.rawMedianMs, 0)} ms`),
            );
          }
        }
      }
      const loadAtEnd = os.loadavg();
      const info = {
        date: new Date().toISOString(),
        machine: machine(await serverVersion(db.pool)),
        nproc: os.availableParallelism(),
        loadAverage: { beforeSeed: loadBefore, atStart: loadAtStart, atEnd: loadAtEnd },
        seed,
        options,
      };
      log(`\n## Sales analytics benchmark, ${info.date}`);
      log(describeMachine(info.machine));
      log(
        `nproc ${info.nproc}; load average (1, 5, 15 min) at the first call ` +
          `${loadAtStart.map((l) => l.toFixed(1)).join(', ')}, at the end ${loadAtEnd.map((l) => l.toFixed(1)).join(', ')}`,
      );
      log(
        table(
          [
            'caller, query',
            'first ms',
            'median ms',
            'p90 ms',
            'raw GROUP BY first / median ms',
            'raw ÷ route',
          ],
          measured.map((m) => [
            `${m.caller} ${m.query}`,
            fmt(m.firstMs, 0),
            fmt(m.medianMs, 0),
            fmt(m.p90Ms, 0),
            m.rawMedianMs === undefined
              ? '–'
              : `${fmt(m.rawFirstMs!, 0)} / ${fmt(m.rawMedianMs, 0)}`,
            m.rawMedianMs === undefined ? '–' : `×${fmt(m.rawMedianMs / m.medianMs, 1)}`,
          ]),
        ),
      );
      log('(the admin\'s first "by=product, 30 days" call also rolls every finished day up once)');
      log(`\nraw figures: ${saveResults('sales', { ...info, measured })}`);
    } finally {
      await server.stop();
    }
  } finally {
    if (options.keep) {
      log(`kept database ${db.name} (drop database ${db.name} when done)`);
      await db.pool.end();
    } else {
      await db.drop();
    }
  }
}
