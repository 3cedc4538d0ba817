import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiKeys, signInAll } from './auth';
import {
  createBenchDatabase,
  durabilitySettings,
  serverVersion,
  type BenchDatabase,
} from './database';
import {
  checkInvariants,
  explainOrderTransaction,
  measureCpu,
  measureWal,
  sampleActivity,
  waitUntilIdle,
  type ActivitySample,
  type CpuUsage,
  type ExplainedStatement,
  type WalUsage,
} from './diagnose';
import { load } from './load';
import {
  orderScript,
  runPgbench,
  serverOrderScript,
  type PgbenchResult,
  type ScriptOptions,
} from './pgbench';
import {
  printOrdersReport,
  RAW_AS_SERVER_WRITES,
  type HttpScenario,
  type RawScenario,
} from './orders-report';
import { summariseProfile } from './profile';
import { machine, saveResults } from './report';
import { seedOrders, USER_PASSWORD, type OrdersSeed } from './seed';
import { DEFAULT_POOL_MAX, ensureServerBuilt, startServer, type RunningServer } from './server';
import { startWebhookSink, subscribeWebhooks } from './webhook-sink';

/**
 * POST /api/orders under load, against the raw SQL of the same transaction.
 *
 * 1. platform: 64 resellers invited by the admin, one connection each, one key per order.
 * 2. manager chain: 64 resellers invited by one manager who sells above its cost, so every
 *    order also credits that manager's profit bucket (a second row every order updates).
 * 3. raw SQL: the transaction's statements with pgbench, once per scenario.
 * 4. with --diagnose: raw-SQL what-ifs that isolate the causes (see README).
 */

export interface OrdersOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  keys: number;
  /** DATABASE_POOL_MAX for the server; undefined: its default. */
  poolMax?: number;
  pgbenchProtocol: 'simple' | 'extended' | 'prepared';
  diagnose: boolean;
  /** Profile the server's CPU (node --cpu-prof) and print where it went. */
  profile: boolean;
}

/**
 * The web route against v1, alternated (web, v1, web, v1…) so that neither always runs on the
 * emptier inventory or the busier moment of a shared machine.
 */
const API_ROUNDS = 2;

/**
 * Keys enough for every scenario that sells from the one seeded product (platform, chain, the
 * API rounds, v1 with a webhook, and the three raw-SQL runs, warm-up included) at up to 2,500
 * orders a second. A fixed 150,000 ran out during the raw chain run on a faster machine
 * (2026-11-28 09:10: 1,693 tps, every client aborted on "out_of_stock" before its 10 s were up).
 */
export function keysFor(seconds: number, warmupSeconds: number): number {
  const sellingScenarios = 2 + 2 * API_ROUNDS + 1 + 3;
  const needed = sellingScenarios * (seconds + warmupSeconds) * 2_500;
  return Math.max(150_000, Math.ceil(needed / 10_000) * 10_000);
}

export const DEFAULT_ORDERS_OPTIONS: OrdersOptions = {
  connections: 64,
  warmupSeconds: 5,
  seconds: 20,
  keys: keysFor(20, 5),
  pgbenchProtocol: 'prepared',
  diagnose: false,
  profile: false,
};

const log = (line: string) => console.log(line);

/** Keys for each product of the "own product per connection" what-if. */
const SPREAD_KEYS = 1_500;

/**
 * How the orders come in: the web's cookie route as the web app sends it (no Idempotency-Key),
 * the same route with a new Idempotency-Key on each order, or /api/v1 with an API key (which
 * requires one): the last two do the same work, so they compare the two ways in.
 */
export type OrderRoute = 'web' | 'web, Idempotency-Key' | 'v1, API key';

async function httpScenario(
  name: string,
  db: BenchDatabase,
  server: RunningServer,
  usernames: readonly string[],
  /** The product each connection buys: one for all, or connection i buys productIds[i]. */
  productIds: readonly string[],
  options: OrdersOptions,
  route: OrderRoute = 'web',
): Promise<HttpScenario> {
  log(`\nHTTP ${name}: signing in ${usernames.length} resellers`);
  const cookies = await signInAll(server.baseUrl, usernames, USER_PASSWORD);
  const byKey = route === 'v1, API key';
  const request = {
    url: `${server.baseUrl}${byKey ? '/api/v1/orders' : '/api/orders'}`,
    method: 'POST' as const,
    body: productIds.map((productId) => JSON.stringify({ productId, quantity: 1 })),
    ...(byKey ? { apiKeys: await createApiKeys(server.baseUrl, cookies) } : { cookies }),
    uniqueIdempotencyKeys: route !== 'web',
    connections: options.connections,
  };
  log(`HTTP ${name}: warm-up ${options.warmupSeconds} s`);
  const warmup = await load({ ...request, seconds: options.warmupSeconds });
  await waitUntilIdle(db.pool, db.name);
  log(`HTTP ${name}: measuring ${options.seconds} s with ${options.connections} connections`);
  const stopSampling = sampleActivity(db.pool, db.name);
  const stopCpu = measureCpu(server.pid);
  const stopWal = await measureWal(db.pool);
  const measured = await load({ ...request, seconds: options.seconds });
  const cpu = stopCpu();
  const wal = await stopWal();
  const activity = await stopSampling();
  await waitUntilIdle(db.pool, db.name);
  const after = await checkInvariants(db.pool, productIds);
  log(
    `HTTP ${name}: ${measured.okPerSecond.toFixed(1)} orders/s, median ${measured.medianMs} ms, ` +
      `p99 ${measured.p99Ms} ms, non-2xx ${measured.non2xx}, keys left ${after.unsoldKeys}; ` +
      `WAL ${walPerOrder(wal, measured.ok)}`,
  );
  return { name, warmup, measured, activity, cpu, wal, after };
}

/** "5.2 kB an order, 0.31 full-page images an order, 1 checkpoint started". */
function walPerOrder(wal: WalUsage, orders: number): string {
  const per = (n: number) => n / Math.max(1, orders);
  const checkpoints = `${wal.checkpoints} checkpoint${wal.checkpoints === 1 ? '' : 's'} started`;
  const segments = `${wal.segmentsAdded} WAL segment${wal.segmentsAdded === 1 ? '' : 's'} added`;
  return (
    `${(per(wal.bytes) / 1000).toFixed(1)} kB an order, ` +
    `${per(wal.fullPageImages).toFixed(2)} full-page images an order, ${checkpoints}, ${segments}`
  );
}

async function rawScenario(
  name: string,
  db: BenchDatabase,
  script: string,
  options: OrdersOptions,
  clients = options.connections,
): Promise<RawScenario> {
  await db.pool.query('vacuum analyze');
  log(`\n${name}: pgbench ${clients} clients, 2 threads, ${options.seconds} s`);
  let stopSampling: (() => Promise<ActivitySample>) | undefined;
  let activity: ActivitySample | undefined;
  let cpu: CpuUsage | undefined;
  let timer: NodeJS.Timeout | undefined;
  let result: PgbenchResult;
  try {
    result = await runPgbench(script, {
      database: db.name,
      clients,
      threads: 2,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      protocol: options.pgbenchProtocol,
      onMeasured: {
        start: () => {
          stopSampling = sampleActivity(db.pool, db.name);
          const stopCpu = measureCpu(undefined);
          // Read the CPU figures just before pgbench ends: its backends exit with it.
          timer = setTimeout(() => (cpu = stopCpu()), (options.seconds - 0.5) * 1000);
        },
        end: () => clearTimeout(timer),
      },
    });
  } finally {
    activity = await stopSampling?.();
  }
  log(
    `${name}: ${result.tps.toFixed(1)} tps, median ${result.medianMs.toFixed(1)} ms, ` +
      `p99 ${result.p99Ms.toFixed(1)} ms` +
      (result.abortedClients ? `, ${result.abortedClients} clients aborted` : ''),
  );
  const none = {
    machinePercent: NaN,
    loadAverage: NaN,
    server: NaN,
    postgres: NaN,
    loadGenerator: NaN,
    other: NaN,
  };
  return { name, clients, result, activity: activity!, cpu: cpu ?? none };
}

/** Raw-SQL what-ifs: each changes one thing of the transaction to show what it costs. */
async function diagnoseRaw(db: BenchDatabase, seed: OrdersSeed, options: OrdersOptions) {
  const n = options.connections;
  const script = (o: ScriptOptions) => orderScript(seed, n, o);
  const runs: RawScenario[] = [];
  // The ceiling for the HTTP what-if of the same name: it must come first (see the report).
  runs.push(
    await rawScenario(
      'what-if: own product per client',
      db,
      script({ chain: false, stock: 'changes', product: 'per-client' }),
      options,
    ),
  );
  // How the stock was taken before 2026-11-24: the product's counter, last in the transaction.
  runs.push(
    await rawScenario(
      'what-if: stock counter on the product row',
      db,
      script({ chain: false, stock: 'counter' }),
      options,
    ),
  );
  runs.push(
    await rawScenario(
      'what-if: no stock bookkeeping',
      db,
      script({ chain: false, stock: 'none' }),
      options,
    ),
  );
  runs.push(
    await rawScenario(
      'what-if: 16 clients',
      db,
      script({ chain: false, stock: 'changes' }),
      options,
      16,
    ),
  );
  return runs;
}

export async function ordersBenchmark(options: OrdersOptions = DEFAULT_ORDERS_OPTIONS) {
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  log(`database ${db.name}`);
  try {
    const profileDir = options.profile
      ? mkdtempSync(path.join(tmpdir(), 'km-bench-prof-'))
      : undefined;
    const server = await startServer({
      databaseUrl: db.url,
      keysSecret,
      poolMax: options.poolMax,
      cpuProfileDir: profileDir,
    });
    const http: HttpScenario[] = [];
    const httpWhatIfs: HttpScenario[] = [];
    const apiComparison: HttpScenario[] = [];
    let seed: OrdersSeed;
    try {
      log(`server ${server.baseUrl} (pid ${server.pid}, DATABASE_POOL_MAX ${server.poolMax})`);
      log(`seeding ${options.keys.toLocaleString('en-US')} keys, 2 × 64 resellers, 1 manager`);
      seed = await seedOrders(db.pool, keysSecret, {
        resellers: options.connections,
        keys: options.keys,
        spreadKeys: options.diagnose ? SPREAD_KEYS : 0,
        log,
      });
      const shared = [seed.productId];
      http.push(
        await httpScenario('platform', db, server, seed.platformResellers, shared, options),
      );
      await db.pool.query('vacuum analyze');
      http.push(
        await httpScenario('manager chain', db, server, seed.chainResellers, shared, options),
      );
      // The integration API against the web route, alternated, same buyers, same work.
      for (let round = 1; round <= API_ROUNDS; round++) {
        for (const route of ['web, Idempotency-Key', 'v1, API key'] as const) {
          await db.pool.query('vacuum analyze');
          apiComparison.push(
            await httpScenario(
              `${route} #${round}`,
              db,
              server,
              seed.platformResellers,
              shared,
              options,
              route,
            ),
          );
        }
      }
      // The outbox's cost: the same v1 orders once every buyer has a webhook subscribed to
      // order.created and order.completed (two events and two deliveries written by each order
      // statement, then sent by the worker to a local receiver during the measure).
      const sink = await startWebhookSink();
      try {
        await subscribeWebhooks(
          server.baseUrl,
          await signInAll(server.baseUrl, seed.platformResellers, USER_PASSWORD),
          sink.url,
        );
        await db.pool.query('vacuum analyze');
        const withWebhook = await httpScenario(
          'v1, API key, webhook subscribed',
          db,
          server,
          seed.platformResellers,
          shared,
          options,
          'v1, API key',
        );
        log(`webhook receiver: ${sink.received()} deliveries received by the end of the scenario`);
        apiComparison.push(withWebhook);
      } finally {
        await sink.close();
        // What follows (the what-if, the raw SQL) measures buyers nobody listens to, as before:
        // with the endpoints left, the raw statement, planned without events as the server
        // plans a quiet buyer's order, would be refused (`order_events`).
        await db.pool.query('delete from webhook_endpoints');
      }
      if (options.diagnose) {
        await db.pool.query('vacuum analyze');
        httpWhatIfs.push(
          await httpScenario(
            'what-if: own product per connection',
            db,
            server,
            seed.platformResellers,
            seed.spreadProductIds,
            options,
          ),
        );
      }
    } finally {
      await server.stop();
    }
    const profile = profileDir ? summariseProfile(profileDir) : undefined;
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    // The statements as the load left the tables (dead index entries and all), no one waiting.
    const explained: ExplainedStatement[] = await explainOrderTransaction(db.pool, seed);

    const n = options.connections;
    // As openPostgres sizes the order path's pool; never more clients than seeded buyers.
    const writers = Math.min(n, Math.max(1, Math.round((options.poolMax ?? DEFAULT_POOL_MAX) / 2)));
    const raw = [
      // The server's own statement (`serverOrderScript`): the ceiling moves with it.
      await rawScenario('raw SQL platform', db, serverOrderScript(seed, n, false), options),
      await rawScenario('raw SQL manager chain', db, serverOrderScript(seed, n, true), options),
      // The ceiling as the server meets it: it writes orders on its named statements' pool (half
      // of DATABASE_POOL_MAX), each HTTP client one reseller. On 2 CPUs PostgreSQL spends two to
      // three times the CPU on an order with 64 busy backends as with 16 (measured on a slower
      // machine, a system call 2.6 µs).
      await rawScenario(
        RAW_AS_SERVER_WRITES,
        db,
        serverOrderScript(seed, n, false, 'per-client'),
        options,
        writers,
      ),
    ];
    // Before the what-ifs: some of them leave the stock counter alone on purpose.
    const final = await checkInvariants(db.pool, [seed.productId, ...seed.spreadProductIds]);
    const whatIfs = options.diagnose ? await diagnoseRaw(db, seed, options) : [];

    const info = {
      date: new Date().toISOString(),
      machine: machine(await serverVersion(db.pool)),
      postgres: await durabilitySettings(db.pool),
      options: { ...options, poolMax: server.poolMax },
    };
    printOrdersReport({ info, http, raw, httpWhatIfs, whatIfs, final, explained, apiComparison });
    if (profile) log(`\n${profile}`);
    const withoutOutput = (r: RawScenario) => ({
      ...r,
      result: { ...r.result, output: undefined },
    });
    const file = saveResults('orders', {
      ...info,
      http,
      raw: raw.map(withoutOutput),
      httpWhatIfs,
      apiComparison,
      whatIfs: whatIfs.map(withoutOutput),
      final,
      explained,
    });
    log(`\nraw figures: ${file}`);
  } finally {
    await db.drop();
  }
}
