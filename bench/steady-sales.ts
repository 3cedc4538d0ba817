import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { signInAll } from './auth';
import { createBenchDatabase, PG_PORT, serverVersion } from './database';
import { load } from './load';
import { fmt, machine, saveResults, table } from './report';
import { seedOrders, USER_PASSWORD } from './seed';
import { ensureServerBuilt, startServer } from './server';

/**
 * Steady sales of one product for minutes, through the real server, in windows: what each window
 * sold and how long its orders took, and what the sales left behind in the two tables every sale
 * writes, read after each window: the dead rows, the vacuums autovacuum ran, and the buffers one
 * claim of the product's next key reads (EXPLAIN (ANALYZE, BUFFERS) of the claim index's scan).
 *
 * Unlike the orders benchmark it never vacuums between windows: it shows what autovacuum keeps
 * (migration 0023). This machine's PostgreSQL runs with autovacuum off; run it against a cluster
 * with autovacuum on, through `BENCH_PG_PORT` (bench/results/orders.md, "Steady sales with
 * autovacuum").
 *
 *   BENCH_PG_PORT=5499 npx tsx run.ts steady --seconds 10 --windows 24 --keys 600000
 *   ... --table-defaults   the same on PostgreSQL's default autovacuum triggers, to compare
 */

export interface SteadySalesOptions {
  connections: number;
  /** Seconds each window sells for. */
  seconds: number;
  windows: number;
  keys: number;
  /** Drop migration 0023's autovacuum settings of product_keys after seeding (the before). */
  tableDefaults: boolean;
}

export const DEFAULT_STEADY_SALES_OPTIONS: SteadySalesOptions = {
  connections: 64,
  seconds: 10,
  windows: 24,
  keys: 600_000,
  tableDefaults: false,
};

interface Window {
  endsAtSeconds: number;
  ordersPerSecond: number;
  medianMs: number;
  p99Ms: number;
  non2xx: number;
  /** Buffers (hit or read) of one claim's index scan, after the window. */
  claimBuffers: number;
  productKeysDead: number;
  productKeysVacuums: number;
  stockChangesDead: number;
  stockChangesVacuums: number;
}

const log = (line: string) => console.log(line);

/** The claim's read of the product's next unsold key (the order statement's `claimed` CTE). */
async function claimBuffers(pool: pg.Pool, productId: string): Promise<number> {
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `explain (analyze, buffers, format json)
     select id from product_keys where product_id = $1 and order_id is null
     order by position limit 1`,
    [productId],
  );
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

async function tableStats(pool: pg.Pool) {
  const { rows } = await pool.query<{ relname: string; dead: string; vacuums: string }>(
    `select relname, n_dead_tup::text as dead, autovacuum_count::text as vacuums
     from pg_stat_user_tables where relname in ('product_keys', 'product_stock_changes')`,
  );
  const of = (name: string) => rows.find((r) => r.relname === name);
  return {
    productKeysDead: Number(of('product_keys')?.dead ?? NaN),
    productKeysVacuums: Number(of('product_keys')?.vacuums ?? NaN),
    stockChangesDead: Number(of('product_stock_changes')?.dead ?? NaN),
    stockChangesVacuums: Number(of('product_stock_changes')?.vacuums ?? NaN),
  };
}

export async function steadySalesBenchmark(options = DEFAULT_STEADY_SALES_OPTIONS) {
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  log(`database ${db.name} on port ${PG_PORT}`);
  try {
    const { rows } = await db.pool.query<{ autovacuum: string; naptime: string }>(
      `select current_setting('autovacuum') as autovacuum,
              current_setting('autovacuum_naptime') as naptime`,
    );
    const settings = rows[0]!;
    if (settings.autovacuum !== 'on')
      log('WARNING: autovacuum is off on this cluster: the dead rows only grow (see the header).');
    const server = await startServer({ databaseUrl: db.url, keysSecret });
    const windows: Window[] = [];
    try {
      log(`seeding ${options.keys.toLocaleString('en-US')} keys, ${options.connections} resellers`);
      const seed = await seedOrders(db.pool, keysSecret, {
        resellers: options.connections,
        keys: options.keys,
        spreadKeys: 0,
        log,
      });
      if (options.tableDefaults)
        await db.pool.query(
          `alter table product_keys reset (autovacuum_vacuum_scale_factor,
             autovacuum_vacuum_threshold, vacuum_index_cleanup)`,
        );
      const cookies = await signInAll(server.baseUrl, seed.platformResellers, USER_PASSWORD);
      const body = JSON.stringify({ productId: seed.productId, quantity: 1 });
      const started = Date.now();
      for (let w = 0; w < options.windows; w++) {
        const sold = await load({
          url: `${server.baseUrl}/api/orders`,
          method: 'POST',
          body,
          cookies,
          connections: options.connections,
          seconds: options.seconds,
        });
        const window: Window = {
          endsAtSeconds: Math.round((Date.now() - started) / 1000),
          ordersPerSecond: sold.okPerSecond,
          medianMs: sold.medianMs,
          p99Ms: sold.p99Ms,
          non2xx: sold.non2xx,
          claimBuffers: await claimBuffers(db.pool, seed.productId),
          ...(await tableStats(db.pool)),
        };
        windows.push(window);
        log(
          `window ${w + 1}: ${fmt(window.ordersPerSecond, 0)} orders/s, p99 ${window.p99Ms} ms, ` +
            `claim ${window.claimBuffers} buffers, product_keys ${window.productKeysDead} dead ` +
            `(${window.productKeysVacuums} autovacuums)`,
        );
      }
    } finally {
      await server.stop();
    }
    const info = {
      date: new Date().toISOString(),
      machine: machine(await serverVersion(db.pool)),
      postgres: settings,
      options,
    };
    log(
      `\nSteady sales of one product, ${options.connections} connections, ` +
        `${options.tableDefaults ? "PostgreSQL's default autovacuum triggers" : "migration 0023's autovacuum settings"}` +
        ` (autovacuum ${settings.autovacuum}, naptime ${settings.naptime}):`,
    );
    log(
      table(
        [
          'ends (s)',
          'orders/s',
          'median ms',
          'p99 ms',
          'non-2xx',
          'claim buffers',
          'product_keys dead',
          'its autovacuums',
          'stock changes dead',
          'their autovacuums',
        ],
        windows.map((w) => [
          String(w.endsAtSeconds),
          fmt(w.ordersPerSecond, 0),
          fmt(w.medianMs, 0),
          fmt(w.p99Ms, 0),
          String(w.non2xx),
          String(w.claimBuffers),
          String(w.productKeysDead),
          String(w.productKeysVacuums),
          String(w.stockChangesDead),
          String(w.stockChangesVacuums),
        ]),
      ),
    );
    const sorted = windows.map((w) => w.claimBuffers).sort((a, b) => a - b);
    const rates = windows.map((w) => w.ordersPerSecond);
    log(
      `claim buffers: median ${sorted[Math.floor(sorted.length / 2)]}, most ${sorted.at(-1)}; ` +
        `orders/s: mean ${fmt(rates.reduce((a, b) => a + b, 0) / rates.length, 0)}`,
    );
    log(`\nraw figures: ${saveResults('steady-sales', { ...info, windows })}`);
  } finally {
    await db.drop();
  }
}
