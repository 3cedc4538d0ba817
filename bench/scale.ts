import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { signIn, signInAll } from './auth';
import { createBenchDatabase, serverVersion, type BenchDatabase } from './database';
import { measureCpu } from './diagnose';
import { load } from './load';
import { machine, saveResults } from './report';
import { measureCall, rssSampler, timedGet, type CallResult } from './scale-measure';
import {
  printScaleReport,
  type ConfigResult,
  type Dimension,
  type ScaleOptions,
} from './scale-report';
import { seedScale, type ScaleSeed, type ScaleSizes } from './scale-seed';
import { USER_PASSWORD } from './seed';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ensureServerBuilt, startServer } from './server';

/**
 * How cost grows: the same calls on databases of growing size, one dimension at a
 * time (orders, users or products) with the other two at the baseline. For each size: a fresh
 * database seeded set-wise (scale-seed.ts), the real server, then
 *
 * - POST /api/orders by 64 buyers at the bottom of chains for `seconds` after `warmupSeconds`;
 * - each read call: one request alone ("first"), `requests` sequential requests (median, p99),
 *   then `readSeconds` of `readConnections` concurrent connections (autocannon);
 * - the product list also right after each of `rebuilds` price changes (built afresh);
 * - the server's RSS (/proc/<pid>/status VmRSS every 100 ms) through the orders and the reads.
 */

export const DIMENSIONS: readonly Dimension[] = ['orders', 'users', 'products'];

export const DEFAULT_SIZES: Record<Dimension, number[]> = {
  orders: [10_000, 100_000, 1_000_000],
  users: [1_000, 10_000, 100_000],
  products: [1_000, 10_000, 100_000],
};

export const DEFAULT_SCALE_OPTIONS: ScaleOptions = {
  dimensions: [...DIMENSIONS],
  baseline: { orders: 10_000, users: 1_000, products: 1_000 },
  requests: 20,
  readSeconds: 4,
  readConnections: 4,
  rebuilds: 5,
  warmupSeconds: 3,
  seconds: 10,
  connections: 64,
  keep: false,
};

const log = (line: string) => console.log(line);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** The read calls, as the admin unless `buyer`; `search` names come from the seed. */
function readCalls(seed: ScaleSeed) {
  const last30 = `from=${encodeURIComponent(daysAgo(30))}&to=${encodeURIComponent(daysAgo(0))}`;
  const product = encodeURIComponent(seed.searchedProduct.replace(/ (key|account)$/, ''));
  return [
    {
      name: 'products?limit=10000 (buyer, cached)',
      path: '/api/products?limit=10000',
      buyer: true,
    },
    { name: 'orders/all first page', path: '/api/orders/all?limit=25' },
    {
      name: 'orders/all status=pending, last 30 days',
      path: `/api/orders/all?status=pending&${last30}&limit=25`,
    },
    { name: 'orders/all search=<one product>', path: `/api/orders/all?search=${product}&limit=25` },
    { name: 'orders/all search=martin (buyers)', path: '/api/orders/all?search=martin&limit=25' },
    { name: 'orders/all/stats', path: '/api/orders/all/stats' },
    { name: 'analytics dashboard-stats', path: '/api/analytics/dashboard-stats' },
    { name: 'analytics revenue-chart daily', path: '/api/analytics/revenue-chart?period=daily' },
    { name: 'analytics revenue-chart weekly', path: '/api/analytics/revenue-chart?period=weekly' },
    {
      name: 'analytics revenue-chart monthly',
      path: '/api/analytics/revenue-chart?period=monthly',
    },
    { name: 'analytics user-distribution', path: '/api/analytics/user-distribution' },
    { name: 'analytics disk-space', path: '/api/analytics/disk-space' },
    { name: 'analytics search martin', path: '/api/analytics/search?query=martin' },
    {
      name: 'analytics search steam 25',
      path: `/api/analytics/search?query=${encodeURIComponent('steam 25')}`,
    },
    { name: 'analytics search zzqx (none)', path: '/api/analytics/search?query=zzqx' },
  ];
}

/**
 * Every read call in turn (admin or list buyer), after the admin's first dashboard (which sums
 * every finished day into the rollups, once), then the product list right after price changes.
 */
async function measureReads(
  db: BenchDatabase,
  baseUrl: string,
  seed: ScaleSeed,
  options: ScaleOptions,
) {
  const admin = await signIn(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
  const buyer = await signIn(baseUrl, seed.listBuyer, USER_PASSWORD);
  const firstDashboardMs = (await timedGet(`${baseUrl}/api/analytics/dashboard-stats`, admin)).ms;
  log(`  first dashboard-stats (rollup of every finished day): ${Math.round(firstDashboardMs)} ms`);
  const calls: CallResult[] = [];
  for (const call of readCalls(seed)) {
    const cookie = call.buyer ? buyer : admin;
    calls.push(await measureCall(call.name, `${baseUrl}${call.path}`, cookie, options));
  }
  // The list built afresh: a price change bumps the catalogue's version (a trigger).
  const listUrl = `${baseUrl}${readCalls(seed)[0]!.path}`;
  const rebuildMs: number[] = [];
  for (let i = 0; i < options.rebuilds; i++) {
    await db.pool.query(
      `update products set reseller_price_cents = reseller_price_cents + 1
       where id = '00000000-0000-4000-8005-000000000001'`,
    );
    rebuildMs.push((await timedGet(listUrl, buyer)).ms);
  }
  log(`  product list after a price change: ${rebuildMs.map(Math.round).join(', ')} ms`);
  return { firstDashboardMs, calls, rebuildMs };
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

async function runConfig(sizes: ScaleSizes, options: ScaleOptions): Promise<ConfigResult> {
  const uptimeBefore = uptime();
  log(`\n### ${sizes.orders} orders, ${sizes.users} users, ${sizes.products} products`);
  log(`uptime: ${uptimeBefore}`);
  const db: BenchDatabase = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  let keep = options.keep;
  try {
    const server = await startServer({ databaseUrl: db.url, keysSecret, readySeconds: 300 });
    const rss = rssSampler(server.pid);
    try {
      log(`database ${db.name}, server pid ${server.pid}; seeding:`);
      const loadKeys = (options.warmupSeconds + options.seconds + 5) * 2_500;
      const seed = await seedScale(db.pool, keysSecret, sizes, loadKeys, log);
      log(`  rows: ${JSON.stringify(seed.counts)}`);

      // Orders first: the reads then see a database that has had sales (the stock changes
      // table written and folded), as a live shop's always has; the orders see the seeded sizes.
      log(`  orders: signing in ${seed.loadBuyers.length} buyers`);
      const cookies = await signInAll(server.baseUrl, seed.loadBuyers, USER_PASSWORD);
      const request = {
        url: `${server.baseUrl}/api/orders`,
        method: 'POST' as const,
        body: JSON.stringify({ productId: seed.loadProductId, quantity: 1 }),
        cookies,
        connections: options.connections,
      };
      await load({ ...request, seconds: options.warmupSeconds });
      rss.phase('orders');
      const orderCpu = measureCpu(server.pid);
      const orders = await load({ ...request, seconds: options.seconds });
      const ordersCpu = orderCpu();
      rss.phase('after the orders');
      log(
        `  orders: ${orders.okPerSecond.toFixed(1)}/s, median ${orders.medianMs} ms, p99 ` +
          `${orders.p99Ms} ms, non-2xx ${orders.non2xx}${orders.failures.length ? `: ${orders.failures[0]}` : ''}`,
      );
      // The server folds the sales into the counters every 100 ms: let it finish.
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      rss.phase('reads');
      const readCpu = measureCpu(server.pid);
      const { firstDashboardMs, calls, rebuildMs } = await measureReads(
        db,
        server.baseUrl,
        seed,
        options,
      );
      const reads = readCpu();
      rss.stop();
      const rssMb = {
        idle: rss.median('idle'),
        ordersMedian: rss.median('orders'),
        ordersPeak: rss.peak('orders'),
        readsPeak: rss.peak('reads'),
      };
      log(`  server RSS MB: ${JSON.stringify(rssMb)}`);
      const uptimeAfter = uptime();
      log(`uptime: ${uptimeAfter}`);
      return {
        sizes,
        database: db.name,
        seed,
        uptimeBefore,
        uptimeAfter,
        firstDashboardMs,
        rebuildMs,
        calls,
        orders,
        rssMb,
        cpu: { reads, orders: ordersCpu },
      };
    } finally {
      rss.stop();
      await server.stop();
    }
  } catch (error) {
    keep = true;
    throw error;
  } finally {
    if (keep) {
      log(`database kept: ${db.name} (drop database ${db.name} with (force) when done)`);
      await db.pool.end().catch(() => {});
    } else {
      await db.drop();
    }
  }
}

const keyOf = (s: ScaleSizes) => `${s.orders}/${s.users}/${s.products}`;

export async function scaleBenchmark(options: ScaleOptions = DEFAULT_SCALE_OPTIONS) {
  ensureServerBuilt(log);
  if (options.sizes && options.dimensions.length !== 1)
    throw new Error('--sizes needs one --dimension');
  // Each dimension's sizes with the others at the baseline; a configuration met twice runs once.
  const plan = options.dimensions.map((dimension) => ({
    dimension,
    configs: (options.sizes ?? DEFAULT_SIZES[dimension]).map((size) => ({
      ...options.baseline,
      [dimension]: size,
    })),
  }));
  const results = new Map<string, ConfigResult>();
  const started = new Date().toISOString();
  for (const { configs } of plan) {
    for (const sizes of configs) {
      if (!results.has(keyOf(sizes))) results.set(keyOf(sizes), await runConfig(sizes, options));
    }
  }
  const probe = await createBenchDatabase();
  const info = {
    started,
    ended: new Date().toISOString(),
    machine: machine(await serverVersion(probe.pool)),
    options,
  };
  await probe.drop();
  const byDimension = plan.map(({ dimension, configs }) => ({
    dimension,
    results: configs.map((sizes) => results.get(keyOf(sizes))!),
  }));
  printScaleReport(info, byDimension, options);
  log(`\nraw figures: ${saveResults('scale', { ...info, results: [...results.values()] })}`);
}
