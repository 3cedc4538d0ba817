import { parseArgs } from 'node:util';
import { analyticsBenchmark, DEFAULT_ANALYTICS_OPTIONS } from './analytics';
import { DEFAULT_LEDGER_OPTIONS, ledgerBenchmark } from './ledger';
import { DEFAULT_ORDERS_OPTIONS, keysFor, ordersBenchmark } from './orders';
import { DEFAULT_PRODUCTS_OPTIONS, productsBenchmark } from './products';
import { DEFAULT_SCALE_OPTIONS, DIMENSIONS, scaleBenchmark } from './scale';
import type { Dimension } from './scale-report';
import { DEFAULT_SALES_OPTIONS, salesBenchmark } from './sales';
import { DEFAULT_SELL_OUT_OPTIONS, sellOutBenchmark } from './sell-out';
import { DEFAULT_STEADY_SALES_OPTIONS, steadySalesBenchmark } from './steady-sales';

const USAGE = `npm run bench [-- <benchmark>...] [options]

benchmarks: orders, products, analytics, ledger (default: all, in that order), scale (only
  when named: 7 databases up to 1,000,000 orders, ~16 minutes on 2 CPUs), steady (only when
  named: minutes of sales with autovacuum; needs a cluster with autovacuum on, BENCH_PG_PORT),
  sellout (only when named: 400 one-key purchases at once on 100 keys against 1,000 keys),
  sales (only when named: GET /analytics/sales on 1,000,000 orders against a GROUP BY)
options:
  --seconds N       measured seconds per scenario (default 20; analytics: 10 per call)
  --warmup N        warm-up seconds (default 5; analytics: 2 per call)
  --connections N   orders: connections / pgbench clients (default 64)
  --keys N          orders: keys seeded for the whole run (default: enough for 2,500
                    orders/s in every scenario, at least 150000; 330000 for --seconds 10 --warmup 3)
  --pool N          orders: the server's DATABASE_POOL_MAX (default: the server's own, 32)
  --protocol P      orders: pgbench -M simple|extended|prepared (default prepared)
  --diagnose        orders: also run the raw-SQL what-ifs that isolate the causes (+2.5 min)
  --profile         profile the server's CPU (node --cpu-prof) and print where it went
  --keep            ledger, scale, sales: keep the seeded database(s) (names printed) for EXPLAIN by hand
  --database NAME   ledger: measure on a database a --keep run seeded, without seeding
  --dimension D     scale: orders, users, products or all (default all)
  --sizes A,B,C     scale: the sizes of the one dimension (default orders 10000,100000,1000000;
                    users 1000,10000,100000; products 1000,10000,100000)
  --baseline O,U,P  scale: orders, users and products while another dimension grows
                    (default 10000,1000,1000)
  --requests N      scale: sequential requests per read call (default 20); sales: calls
                    after the first of each query (default 15); there (scale) --seconds is
                    the order load's (default 10, --warmup 3, --connections 64)
  --windows N       steady: windows of --seconds (default 24 of 10 s; --keys default 600000)
  --table-defaults  steady: PostgreSQL's default autovacuum triggers instead of migration 0023's
  --buyers N        sellout: purchases in each burst (default 400)
  --rounds N        sellout: bursts of each kind, alternated (default 3)
  --server-main F   sellout, sales: another build's apps/server/dist/main.js (an old commit's worktree)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    keys: { type: 'string' },
    pool: { type: 'string' },
    protocol: { type: 'string' },
    diagnose: { type: 'boolean' },
    profile: { type: 'boolean' },
    keep: { type: 'boolean' },
    database: { type: 'string' },
    dimension: { type: 'string' },
    sizes: { type: 'string' },
    baseline: { type: 'string' },
    requests: { type: 'string' },
    windows: { type: 'string' },
    'table-defaults': { type: 'boolean' },
    buyers: { type: 'string' },
    rounds: { type: 'string' },
    'server-main': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

const known = [
  'orders',
  'products',
  'analytics',
  'ledger',
  'scale',
  'steady',
  'sellout',
  'sales',
] as const;
type Benchmark = (typeof known)[number];
const isBenchmark = (name: string): name is Benchmark =>
  (known as readonly string[]).includes(name);

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = positionals.filter((p) => !isBenchmark(p));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const protocol = values.protocol ?? DEFAULT_ORDERS_OPTIONS.pgbenchProtocol;
if (protocol !== 'simple' && protocol !== 'extended' && protocol !== 'prepared') {
  console.error(`--protocol must be simple, extended or prepared`);
  process.exit(2);
}
const selected: Benchmark[] = positionals.length
  ? positionals.filter(isBenchmark)
  : known.filter((name) => !['scale', 'steady', 'sellout', 'sales'].includes(name));

/** A comma-separated list of positive integers (`--sizes 1000,10000`). */
function ints(name: string, value: string): number[] {
  return value.split(',').map((part) => int(name, part.trim(), 0));
}
const seconds = int('seconds', values.seconds, DEFAULT_ORDERS_OPTIONS.seconds);
const warmupSeconds = int('warmup', values.warmup, DEFAULT_ORDERS_OPTIONS.warmupSeconds);

for (const benchmark of selected) {
  if (benchmark === 'orders') {
    await ordersBenchmark({
      connections: int('connections', values.connections, DEFAULT_ORDERS_OPTIONS.connections),
      warmupSeconds,
      seconds,
      keys: int('keys', values.keys, keysFor(seconds, warmupSeconds)),
      poolMax: values.pool === undefined ? undefined : int('pool', values.pool, 20),
      pgbenchProtocol: protocol,
      diagnose: values.diagnose ?? false,
      profile: values.profile ?? false,
    });
  } else if (benchmark === 'ledger') {
    // One caller at a time: its own defaults (1 s warm-up, 5 s per page) unless told otherwise.
    await ledgerBenchmark({
      seconds: int('seconds', values.seconds, DEFAULT_LEDGER_OPTIONS.seconds),
      warmupSeconds: int('warmup', values.warmup, DEFAULT_LEDGER_OPTIONS.warmupSeconds),
      keep: values.keep ?? false,
      database: values.database,
    });
  } else if (benchmark === 'analytics') {
    // One caller at a time: its own defaults (2 s warm-up, 10 s per call) unless told otherwise.
    await analyticsBenchmark({
      ...DEFAULT_ANALYTICS_OPTIONS,
      seconds: int('seconds', values.seconds, DEFAULT_ANALYTICS_OPTIONS.seconds),
      warmupSeconds: int('warmup', values.warmup, DEFAULT_ANALYTICS_OPTIONS.warmupSeconds),
    });
  } else if (benchmark === 'sales') {
    await salesBenchmark({
      ...DEFAULT_SALES_OPTIONS,
      repeats: int('requests', values.requests, DEFAULT_SALES_OPTIONS.repeats),
      serverMain: values['server-main'],
      keep: values.keep ?? false,
    });
  } else if (benchmark === 'sellout') {
    await sellOutBenchmark({
      ...DEFAULT_SELL_OUT_OPTIONS,
      buyers: int('buyers', values.buyers, DEFAULT_SELL_OUT_OPTIONS.buyers),
      rounds: int('rounds', values.rounds, DEFAULT_SELL_OUT_OPTIONS.rounds),
      serverMain: values['server-main'],
    });
  } else if (benchmark === 'steady') {
    const defaults = DEFAULT_STEADY_SALES_OPTIONS;
    await steadySalesBenchmark({
      connections: int('connections', values.connections, defaults.connections),
      seconds: int('seconds', values.seconds, defaults.seconds),
      windows: int('windows', values.windows, defaults.windows),
      keys: int('keys', values.keys, defaults.keys),
      tableDefaults: values['table-defaults'] ?? false,
    });
  } else if (benchmark === 'scale') {
    const dimension = values.dimension ?? 'all';
    if (dimension !== 'all' && !(DIMENSIONS as readonly string[]).includes(dimension)) {
      console.error(`--dimension must be orders, users, products or all`);
      process.exit(2);
    }
    const baseline = values.baseline ? ints('baseline', values.baseline) : undefined;
    if (baseline && baseline.length !== 3) {
      console.error('--baseline needs three numbers: orders,users,products');
      process.exit(2);
    }
    await scaleBenchmark({
      ...DEFAULT_SCALE_OPTIONS,
      dimensions: dimension === 'all' ? [...DIMENSIONS] : [dimension as Dimension],
      sizes: values.sizes ? ints('sizes', values.sizes) : undefined,
      ...(baseline
        ? { baseline: { orders: baseline[0]!, users: baseline[1]!, products: baseline[2]! } }
        : {}),
      requests: int('requests', values.requests, DEFAULT_SCALE_OPTIONS.requests),
      seconds: int('seconds', values.seconds, DEFAULT_SCALE_OPTIONS.seconds),
      warmupSeconds: int('warmup', values.warmup, DEFAULT_SCALE_OPTIONS.warmupSeconds),
      connections: int('connections', values.connections, DEFAULT_SCALE_OPTIONS.connections),
      keep: values.keep ?? false,
    });
  } else {
    await productsBenchmark({
      ...DEFAULT_PRODUCTS_OPTIONS,
      seconds,
      warmupSeconds,
      profile: values.profile ?? false,
    });
  }
}
