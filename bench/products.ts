import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { signIn, signInAll } from './auth';
import { createBenchDatabase, serverVersion } from './database';
import { measureCpu } from './diagnose';
import { getLoad } from './get-load';
import { type LoadResult } from './load';
import { loadInOwnProcess } from './load-process';
import { summariseProfile } from './profile';
import { describeMachine, fmt, machine, noiseWarning, saveResults, table, verdict } from './report';
import { adminId, deposit, seedCatalogue, USER_PASSWORD } from './seed';
import { ensureServerBuilt, startServer, type RunningServer } from './server';

/**
 * GET /api/products?limit=10000 for a reseller at the bottom of a four-level chain
 * (admin → manager → reseller A → reseller B): every product priced through the whole chain,
 * with seller prices at each level and a manager package on the way.
 */

export interface ProductsOptions {
  products: number;
  categories: number;
  subcategoriesPerCategory: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Profile the server's CPU (node --cpu-prof) and print where it went. */
  profile: boolean;
}

export const DEFAULT_PRODUCTS_OPTIONS: ProductsOptions = {
  products: 10_000,
  categories: 50,
  subcategoriesPerCategory: 4,
  connections: 4,
  warmupSeconds: 5,
  seconds: 20,
  profile: false,
};

const TARGET_MEDIAN_MS = 100;
const TARGET_P99_MS = 250;
const TARGET_FIRST_MS = 150;
/** Orders placed while the list is read: at least 200 a second (the list's target), capped a little above. */
const ORDER_RATE = 250;
/**
 * Enough closed-loop clients to keep up that rate while each order waits its turn behind the
 * list's answers on the server: at 8, orders of ~50 ms on average made ~160 a second on a slower
 * machine. The rate, not the clients, is the server's load.
 */
const ORDER_CONNECTIONS = 16;
const ORDER_PRODUCTS = 16;
const PRICE_CHANGES = 10;
const RESTARTS = 3;
const log = (line: string) => console.log(line);

/** One raw GET: the bytes on the wire (compressed) and the JSON they carry. */
function fetchRaw(url: string, cookie: string) {
  return new Promise<{ status: number; encoding: string; wire: Buffer; json: Buffer }>(
    (resolve, reject) => {
      const request = http.get(url, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          resolve({
            status: res.statusCode ?? 0,
            encoding,
            wire,
            json: encoding === 'gzip' ? gunzipSync(wire) : wire,
          });
        });
      });
      request.on('error', reject);
    },
  );
}

/**
 * What the orders placed alongside buy: request products of the same catalogue, given stock for
 * the whole run (a change of stock only, as a sale is), and money for their buyers (the seed's
 * `orderBuyers`, invited by reseller B: each order pays margins to B, A and the manager).
 */
async function prepareOrders(pool: Parameters<typeof seedCatalogue>[0], buyerIds: string[]) {
  const { rows } = await pool.query<{ id: string }>(
    `update products set stock = 10000000
     where id in (select id from products where delivery_type = 'request' order by name limit $1)
     returning id`,
    [ORDER_PRODUCTS],
  );
  await deposit(pool, await adminId(pool), buyerIds, 10n ** 12n);
  return rows.map((row) => row.id);
}

interface FirstRequests {
  label: string;
  medianMs: number;
  maxMs: number;
  samplesMs: number[];
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** The time of one GET right after each `change` (sequential, one client). */
async function firstRequests(
  label: string,
  times: number,
  change: () => Promise<{ url: string; cookie: string }>,
): Promise<FirstRequests> {
  const samplesMs: number[] = [];
  for (let i = 0; i < times; i++) {
    const { url, cookie } = await change();
    const started = performance.now();
    const answer = await fetchRaw(url, cookie);
    if (answer.status !== 200) throw new Error(`${label}: GET answered ${answer.status}`);
    samplesMs.push(Math.round(performance.now() - started));
  }
  return { label, medianMs: median(samplesMs), maxMs: Math.max(...samplesMs), samplesMs };
}

interface Scenario {
  label: string;
  measured: LoadResult;
  cpu: ReturnType<ReturnType<typeof measureCpu>>;
}

/**
 * Two servers on the same seeded database: the normal one, whose list cache answers while the
 * catalogue is unchanged, and one with PRODUCT_LIST_CACHE_MB=0 that builds every answer (what a
 * request costs right after a sale, a price change or a restart).
 */
export async function productsBenchmark(options: ProductsOptions = DEFAULT_PRODUCTS_OPTIONS) {
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  log(`\ndatabase ${db.name}`);
  const servers: RunningServer[] = [];
  const profileDir = options.profile
    ? mkdtempSync(path.join(tmpdir(), 'km-bench-prof-'))
    : undefined;
  try {
    const cachedOptions = { databaseUrl: db.url, keysSecret, cpuProfileDir: profileDir };
    let cached = await startServer(cachedOptions);
    servers.push(cached);
    log(`server ${cached.baseUrl} (pid ${cached.pid})`);
    log(
      `seeding ${options.products} products, ${options.categories} categories, ` +
        `${options.categories * options.subcategoriesPerCategory} subcategories, a 4-level chain`,
    );
    const seed = await seedCatalogue(db.pool, keysSecret, {
      ...options,
      orderBuyers: ORDER_CONNECTIONS,
    });
    const orderProductIds = await prepareOrders(
      db.pool,
      seed.orderBuyers.map((b) => b.id),
    );
    const uncached = await startServer({
      databaseUrl: db.url,
      keysSecret,
      env: { PRODUCT_LIST_CACHE_MB: '0' },
    });
    servers.push(uncached);
    const listPath = `/api/products?limit=${options.products}`;
    const cookieOf = async (server: RunningServer) =>
      signIn(server.baseUrl, seed.buyerUsername, USER_PASSWORD);

    const probe = await fetchRaw(`${cached.baseUrl}${listPath}`, await cookieOf(cached));
    if (probe.status !== 200) {
      throw new Error(
        `GET /api/products answered ${probe.status}: ${probe.json.toString().slice(0, 500)}`,
      );
    }
    const body = JSON.parse(probe.json.toString()) as { data?: unknown[] };
    const items = body.data?.length ?? 0;
    if (items !== seed.products)
      log(`WARNING: the list holds ${items} products, not ${seed.products}`);

    const scenarios: Scenario[] = [];
    const run = async (label: string, server: RunningServer, connections: number) => {
      log(`${label}: warm-up ${options.warmupSeconds} s, then ${options.seconds} s`);
      // Not autocannon: it keeps every 1.1 MB answer as a string, which costs this process (the
      // one placing the orders too) more than the server spends on the answer (get-load.ts).
      const request = {
        url: `${server.baseUrl}${listPath}`,
        cookies: [await cookieOf(server)],
        headers: { 'accept-encoding': 'gzip' },
        connections,
      };
      await getLoad({ ...request, seconds: options.warmupSeconds });
      const stopCpu = measureCpu(server.pid);
      const measured = await getLoad({ ...request, seconds: options.seconds });
      scenarios.push({ label, measured, cpu: stopCpu() });
    };
    await run(`cached, ${options.connections} conns`, cached, options.connections);

    // The same, while resellers invited by B place orders on the same catalogue through the same
    // server, one buyer per connection.
    log(`orders alongside: ${ORDER_CONNECTIONS} connections, at most ${ORDER_RATE}/s`);
    const placing = loadInOwnProcess({
      url: `${cached.baseUrl}/api/orders`,
      method: 'POST',
      body: orderProductIds.map((productId) => JSON.stringify({ productId, quantity: 1 })),
      cookies: await signInAll(
        cached.baseUrl,
        seed.orderBuyers.map((b) => b.username),
        USER_PASSWORD,
      ),
      connections: ORDER_CONNECTIONS,
      seconds: options.warmupSeconds + options.seconds + 1,
      overallRate: ORDER_RATE,
    });
    await run(
      `cached, ${options.connections} conns, orders alongside`,
      cached,
      options.connections,
    );
    const orders = await placing;
    await run('built every time, 1 conn', uncached, 1);
    await run(`built every time, ${options.connections} conns`, uncached, options.connections);

    const firsts: FirstRequests[] = [];
    const cachedUrl = () => `${cached.baseUrl}${listPath}`;
    const buyerCookie = await cookieOf(cached);
    firsts.push(
      await firstRequests('first request after a price change', PRICE_CHANGES, async () => {
        await db.pool.query(
          `update products set reseller_price_cents = reseller_price_cents + 1
           where id = (select id from products order by name limit 1)`,
        );
        return { url: cachedUrl(), cookie: buyerCookie };
      }),
    );
    firsts.push(
      await firstRequests('first request after a restart', RESTARTS, async () => {
        await cached.stop();
        // The same DATA_DIR, as a restarted server has: it keeps the product fragments there.
        cached = await startServer({ ...cachedOptions, dataDir: cached.dataDir });
        servers[0] = cached;
        return { url: cachedUrl(), cookie: await cookieOf(cached) };
      }),
    );

    const info = {
      date: new Date().toISOString(),
      machine: machine(await serverVersion(db.pool)),
      options,
    };
    log(`\n## Products benchmark, ${info.date}`);
    log(describeMachine(info.machine));
    log(
      `GET ${listPath} as reseller B (4-level chain); ${probe.wire.length.toLocaleString('en-US')} ` +
        `bytes gzip, ${probe.json.length.toLocaleString('en-US')} bytes JSON, ${items} items`,
    );
    log(
      table(
        ['scenario', 'requests/s', 'median ms', 'p99 ms', 'non-2xx', 'server CPU %', 'other CPU %'],
        scenarios.map(({ label, measured, cpu }) => [
          label,
          fmt(measured.okPerSecond),
          fmt(measured.medianMs),
          fmt(measured.p99Ms),
          String(measured.non2xx),
          String(cpu.server),
          String(cpu.other),
        ]),
      ),
    );
    log(
      `orders alongside: ${fmt(orders.okPerSecond)} orders/s, median ${fmt(orders.medianMs)} ms, ` +
        `p99 ${fmt(orders.p99Ms)} ms, non-2xx ${orders.non2xx}`,
    );
    log(
      table(
        ['first request', 'median ms', 'max ms', 'each ms'],
        firsts.map((f) => [f.label, fmt(f.medianMs), fmt(f.maxMs), f.samplesMs.join(' ')]),
      ),
    );
    const first = scenarios[0]!.measured;
    log(
      verdict(
        'median ≤ 100 ms (cached list)',
        first.ok > 0 && first.medianMs <= TARGET_MEDIAN_MS,
        first.ok > 0 ? `${fmt(first.medianMs)} ms` : 'no request completed',
      ),
    );
    const busy = scenarios[1]!.measured;
    log(
      verdict(
        'median ≤ 100 ms and p99 ≤ 250 ms with ≥ 200 orders/s alongside',
        busy.ok > 0 &&
          busy.medianMs <= TARGET_MEDIAN_MS &&
          busy.p99Ms <= TARGET_P99_MS &&
          orders.okPerSecond >= 200,
        `${fmt(busy.medianMs)} / ${fmt(busy.p99Ms)} ms, ${fmt(orders.okPerSecond)} orders/s`,
      ),
    );
    for (const f of firsts)
      log(
        verdict(`${f.label}: median ≤ 150 ms`, f.medianMs <= TARGET_FIRST_MS, `${f.medianMs} ms`),
      );
    if (orders.failures.length) log(`order failures:\n  ${orders.failures.join('\n  ')}`);
    for (const scenario of scenarios) {
      log(`${scenario.label}: ${noiseWarning(scenario.cpu)}`);
      if (scenario.measured.failures.length)
        log(`failures:\n  ${scenario.measured.failures.join('\n  ')}`);
    }
    const file = saveResults('products', {
      ...info,
      scenarios,
      orders,
      firsts,
      gzipBytes: probe.wire.length,
      encoding: probe.encoding,
      jsonBytes: probe.json.length,
      items,
    });
    log(`\nraw figures: ${file}`);
  } finally {
    for (const server of servers) await server.stop();
    if (profileDir) {
      log(`\n${summariseProfile(profileDir)}`);
      rmSync(profileDir, { recursive: true, force: true });
    }
    await db.drop();
  }
}
