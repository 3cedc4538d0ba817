import type {
  ActivitySample,
  CpuUsage,
  ExplainedStatement,
  Invariants,
  WalUsage,
} from './diagnose';
import type { LoadResult } from './load';
import type { PgbenchResult } from './pgbench';
import { describeMachine, fmt, type machine, noiseWarning, table, verdict } from './report';

/** One scenario through HTTP, as the report prints it. */
export interface HttpScenario {
  name: string;
  warmup: LoadResult;
  measured: LoadResult;
  activity: ActivitySample;
  cpu: CpuUsage;
  wal: WalUsage;
  after: Invariants;
}

/** One raw-SQL scenario (pgbench), as the report prints it. */
export interface RawScenario {
  name: string;
  clients: number;
  result: PgbenchResult;
  activity: ActivitySample;
  cpu: CpuUsage;
}

/** The issue's targets for POST /api/orders. */
/** The raw-SQL run in the server's own shape: its order path's connections, one buyer each. */
export const RAW_AS_SERVER_WRITES = 'raw SQL platform, one buyer a client';

export const ORDER_TARGETS = { ordersPerSecond: 1_000, shareOfRaw: 0.5, p99Ms: 100 };
/** The integration API: POST /api/v1/orders within 10 % of the web route's rate. */
export const API_TARGETS = { shareOfWeb: 0.9, p99Ms: 100 };

export interface OrdersReport {
  info: {
    date: string;
    machine: ReturnType<typeof machine>;
    postgres: Record<string, string>;
    options: Record<string, unknown>;
  };
  http: HttpScenario[];
  raw: RawScenario[];
  /** HTTP what-ifs; the i-th is compared with whatIfs[i]. */
  httpWhatIfs: HttpScenario[];
  whatIfs: RawScenario[];
  /** The web route with an Idempotency-Key, then /api/v1 with an API key: the same work. */
  apiComparison: HttpScenario[];
  final: Invariants;
  explained: ExplainedStatement[];
}

const log = (line = '') => console.log(line);

function rawRow(r: RawScenario, share: string): string[] {
  return [
    r.name + (r.clients !== 64 ? ` (${r.clients} clients)` : ''),
    fmt(r.result.tps, 0),
    fmt(r.result.medianMs),
    fmt(r.result.p99Ms),
    String(r.result.failed + r.result.abortedClients),
    share,
  ];
}

function httpRow(h: HttpScenario, ceiling: RawScenario): string[] {
  return [
    `HTTP ${h.name}`,
    fmt(h.measured.okPerSecond, 0),
    fmt(h.measured.medianMs),
    fmt(h.measured.p99Ms),
    String(h.measured.non2xx + h.measured.errors),
    `${fmt((h.measured.okPerSecond / ceiling.result.tps) * 100, 0)} %`,
  ];
}

export function printOrdersReport(report: OrdersReport) {
  const { info, http, raw, httpWhatIfs, whatIfs, final, explained, apiComparison } = report;
  const pairs = http.map((h, i) => ({ h, r: raw[i]! }));
  const header = [
    'scenario',
    'orders/s',
    'median ms',
    'p99 ms',
    'non-2xx / failed',
    '% of raw SQL',
  ];
  log(`\n## Orders benchmark, ${info.date}`);
  log(describeMachine(info.machine));
  log(
    `PostgreSQL: ${Object.entries(info.postgres)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  log(`Options: ${JSON.stringify(info.options)}\n`);
  log(
    table(header, [
      ...pairs.map(({ h, r }) => httpRow(h, r)),
      ...raw.map((r) => rawRow(r, '100 %')),
    ]),
  );

  log('\nTargets (issue): ≥ 1,000 orders/s, ≥ 50 % of the raw-SQL rate, p99 ≤ 100 ms, no errors');
  for (const { h, r } of pairs) {
    const m = h.measured;
    const share = m.okPerSecond / r.result.tps;
    log(
      verdict(
        `HTTP ${h.name} throughput`,
        m.okPerSecond >= ORDER_TARGETS.ordersPerSecond,
        `${fmt(m.okPerSecond, 0)} orders/s`,
      ),
    );
    log(
      verdict(
        `HTTP ${h.name} share of raw SQL`,
        share >= ORDER_TARGETS.shareOfRaw,
        `${fmt(share * 100, 0)} %`,
      ),
    );
    log(verdict(`HTTP ${h.name} p99`, m.p99Ms <= ORDER_TARGETS.p99Ms, `${fmt(m.p99Ms)} ms`));
    log(
      verdict(
        `HTTP ${h.name} no errors`,
        m.non2xx + m.errors === 0,
        `${m.non2xx} non-2xx, ${m.errors} socket errors`,
      ),
    );
  }
  // The brief's raw run has 64 backends and random buyers; this one is the server's own shape.
  const asServerWrites = raw.find((r) => r.name === RAW_AS_SERVER_WRITES);
  const platform = pairs[0];
  if (asServerWrites && platform) {
    const share = platform.h.measured.okPerSecond / asServerWrites.result.tps;
    log(
      `(HTTP platform against "${asServerWrites.name}", the database's ceiling as the ` +
        `server uses it: ${fmt(share * 100, 0)} %)`,
    );
  }

  const webRuns = apiComparison.filter((h) => h.name.startsWith('web'));
  const v1Runs = apiComparison.filter(
    (h) => h.name.startsWith('v1') && !h.name.includes('webhook'),
  );
  const hooked = apiComparison.find((h) => h.name.includes('webhook'));
  if (webRuns.length && v1Runs.length) {
    const web = meanRate(webRuns);
    const v1 = meanRate(v1Runs);
    log('\nIntegration API: POST /api/v1/orders against the web route, both with a new');
    log('Idempotency-Key per order, the platform resellers, alternated; then v1 with a webhook:');
    log(
      table(
        ['route', 'orders/s', 'median ms', 'p99 ms', 'non-2xx', '% of web (mean)'],
        apiComparison.map((h) => [
          h.name,
          fmt(h.measured.okPerSecond, 0),
          fmt(h.measured.medianMs),
          fmt(h.measured.p99Ms),
          String(h.measured.non2xx + h.measured.errors),
          `${fmt((h.measured.okPerSecond / web) * 100, 0)} %`,
        ]),
      ),
    );
    const share = v1 / web;
    log(
      verdict(
        'v1 rate within 10 % of the web route (means of the rounds)',
        share >= API_TARGETS.shareOfWeb,
        `${fmt(v1, 0)} / ${fmt(web, 0)} = ${fmt(share * 100, 0)} %`,
      ),
    );
    const worstP99 = Math.max(...v1Runs.map((h) => h.measured.p99Ms));
    log(verdict('v1 p99 (worst round)', worstP99 <= API_TARGETS.p99Ms, `${fmt(worstP99)} ms`));
    if (hooked) {
      const rate = hooked.measured.okPerSecond;
      log(
        `Outbox cost: v1 with a subscribed webhook ${fmt(rate, 0)} orders/s against ${fmt(v1, 0)} ` +
          `without (${fmt((rate / v1 - 1) * 100, 0)} %), ` +
          `${fmt((1000 / rate - 1000 / v1) * 1000, 0)} µs more per order at this concurrency`,
      );
    }
  }

  if (whatIfs.length) {
    const base = raw[0]!.result.tps;
    log('\nWhat-ifs (platform transaction). HTTP rows: % of the raw what-if of the same name;');
    log('raw rows: % of the raw SQL platform rate above.');
    log(
      table(header, [
        ...httpWhatIfs.map((h, i) => httpRow(h, whatIfs[i]!)),
        ...whatIfs.map((r) => rawRow(r, `${fmt((r.result.tps / base) * 100, 0)} %`)),
      ]),
    );
  }

  log('\nCPU in the measured window, % of one CPU (the machine has 2: 200 % is everything):');
  log(
    table(
      [
        'scenario',
        'machine busy',
        'load avg',
        'server',
        'postgres',
        'load generator',
        'other processes',
      ],
      [
        ...[...http, ...apiComparison, ...httpWhatIfs].map((h) => ({
          ...h,
          name: `HTTP ${h.name}`,
        })),
        ...raw,
        ...whatIfs,
      ].map((s) => [
        s.name,
        `${s.cpu.machinePercent} %`,
        fmt(s.cpu.loadAverage, 2),
        Number.isFinite(s.cpu.server) && 'measured' in s ? `${s.cpu.server} %` : '-',
        `${s.cpu.postgres} %`,
        `${s.cpu.loadGenerator} %`,
        `${s.cpu.other} %`,
      ]),
    ),
  );

  const noisiest = [...http, ...raw].reduce((a, b) => (b.cpu.other > a.cpu.other ? b : a));
  log(noiseWarning(noisiest.cpu));

  log('\nDatabase sessions: average count by state and wait event (pg_stat_activity every 50 ms)');
  for (const s of [
    ...[...http, ...httpWhatIfs].map((h) => ({ ...h, name: `HTTP ${h.name}` })),
    ...raw,
    ...whatIfs,
  ]) {
    const top = Object.entries(s.activity.averageSessions)
      .slice(0, 5)
      .map(([what, count]) => `${fmt(count)} ${what}`)
      .join(', ');
    log(`  ${s.name}: ${top}; other databases: ${fmt(s.activity.otherDatabasesActive)} active`);
  }

  log('\nEXPLAIN ANALYZE of the order transaction (manager chain), after the HTTP load:');
  log(
    table(
      ['statement', 'execution ms', 'planning ms'],
      explained.map((e) => [e.label, fmt(e.executionMs, 3), fmt(e.planningMs, 3)]),
    ),
  );
  const write = explained.find((e) => e.label.startsWith('placeOrder'));
  if (write) log(`\nplaceOrder plan:\n${write.plan}`);

  for (const h of [...http, ...apiComparison]) {
    if (h.measured.failures.length)
      log(`\nHTTP ${h.name} failures:\n  ${h.measured.failures.join('\n  ')}`);
  }
  log(
    `\nInvariants after every run: ${final.problems.length ? final.problems.join('; ') : 'all hold'} ` +
      `(${final.orders} orders, ${final.soldKeys} keys sold, ${final.unsoldKeys} left)`,
  );
}

/** The mean order rate of several runs of one route. */
function meanRate(runs: readonly HttpScenario[]): number {
  return runs.reduce((sum, h) => sum + h.measured.okPerSecond, 0) / runs.length;
}
