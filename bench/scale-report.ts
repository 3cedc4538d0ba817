import type { CpuUsage } from './diagnose';
import type { LoadResult } from './load';
import { describeMachine, fmt, percentile, table, type machine } from './report';
import type { CallResult } from './scale-measure';
import type { ScaleSeed, ScaleSizes } from './scale-seed';

export type Dimension = keyof ScaleSizes;

export interface ScaleOptions {
  dimensions: Dimension[];
  /** Sizes of the one dimension asked (default DEFAULT_SIZES of each). */
  sizes?: number[] | undefined;
  baseline: ScaleSizes;
  requests: number;
  readSeconds: number;
  readConnections: number;
  rebuilds: number;
  warmupSeconds: number;
  seconds: number;
  connections: number;
  /** Keep every seeded database (names printed), for EXPLAIN by hand. */
  keep: boolean;
}

export interface ConfigResult {
  sizes: ScaleSizes;
  database: string;
  seed: ScaleSeed;
  uptimeBefore: string;
  uptimeAfter: string;
  firstDashboardMs: number;
  rebuildMs: number[];
  calls: CallResult[];
  orders: LoadResult;
  rssMb: { idle: number; ordersMedian: number; ordersPeak: number; readsPeak: number };
  cpu: { reads: CpuUsage; orders: CpuUsage };
}

/** The scale benchmark's tables: one per dimension for one caller, one for concurrent callers. */

const log = (line: string) => console.log(line);

const short = (n: number) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1_000 && n % 1_000 === 0
      ? `${n / 1_000}k`
      : String(n);

const ms = (value: number) => (value >= 100 ? fmt(value, 0) : fmt(value, 1));
const pair = (a: number, b: number) => `${ms(a)} / ${ms(b)}`;
const growth = (first: number, last: number) =>
  first > 0 && Number.isFinite(last) ? `×${fmt(last / first, 1)}` : '';

interface Info {
  started: string;
  ended: string;
  machine: ReturnType<typeof machine>;
}

export function printScaleReport(
  info: Info,
  byDimension: { dimension: Dimension; results: ConfigResult[] }[],
  options: ScaleOptions,
) {
  log(`\n## How cost grows, ${info.started} – ${info.ended}`);
  log(describeMachine(info.machine));
  log(
    `baseline ${options.baseline.orders} orders, ${options.baseline.users} users, ` +
      `${options.baseline.products} products; one caller: ${options.requests} sequential ` +
      `requests (median / p99 ms); concurrent: ${options.readConnections} connections for ` +
      `${options.readSeconds} s; orders (before the reads): ${options.connections} connections for ` +
      `${options.seconds} s`,
  );
  for (const { dimension, results } of byDimension) {
    const header = [
      `${dimension}`,
      ...results.map((r) => short(r.sizes[dimension])),
      'last / first',
    ];
    const row = (
      label: string,
      cell: (r: ConfigResult) => string,
      of?: (r: ConfigResult) => number,
    ) => [label, ...results.map(cell), of ? growth(of(results[0]!), of(results.at(-1)!)) : ''];
    const sequential = [
      row(
        `POST /api/orders, ${options.connections} conns: orders/s`,
        (r) => fmt(r.orders.okPerSecond, 0),
        (r) => r.orders.okPerSecond,
      ),
      row(
        '  median / p99 ms',
        (r) => pair(r.orders.medianMs, r.orders.p99Ms),
        (r) => r.orders.p99Ms,
      ),
      row(
        'server RSS MB: idle',
        (r) => fmt(r.rssMb.idle, 0),
        (r) => r.rssMb.idle,
      ),
      row(
        '  median / peak during the orders',
        (r) => `${fmt(r.rssMb.ordersMedian, 0)} / ${fmt(r.rssMb.ordersPeak, 0)}`,
        (r) => r.rssMb.ordersPeak,
      ),
      row(
        '  peak during the reads (after the orders)',
        (r) => fmt(r.rssMb.readsPeak, 0),
        (r) => r.rssMb.readsPeak,
      ),
      row(
        'product list, first request (built)',
        (r) => ms(r.calls[0]!.firstMs),
        (r) => r.calls[0]!.firstMs,
      ),
      row(
        `  after a price change (median / max of ${options.rebuilds})`,
        (r) =>
          pair(
            percentile(
              [...r.rebuildMs].sort((a, b) => a - b),
              50,
            ),
            Math.max(...r.rebuildMs),
          ),
        (r) =>
          percentile(
            [...r.rebuildMs].sort((a, b) => a - b),
            50,
          ),
      ),
      ...results[0]!.calls.map((call, i) =>
        row(
          call.name,
          (r) => pair(r.calls[i]!.sequential.medianMs, r.calls[i]!.sequential.p99Ms),
          (r) => r.calls[i]!.sequential.medianMs,
        ),
      ),
      row(
        'first dashboard-stats (rollup)',
        (r) => ms(r.firstDashboardMs),
        (r) => r.firstDashboardMs,
      ),
      row('seeding, s', (r) =>
        fmt(
          Object.values(r.seed.seconds).reduce((a, b) => a + b, 0),
          0,
        ),
      ),
    ];
    log(`\n### ${dimension}: one caller (median / p99 ms unless said)`);
    log(table(header, sequential));
    const concurrent = results[0]!.calls.map((call, i) =>
      row(
        call.name,
        (r) =>
          `${pair(r.calls[i]!.concurrent.medianMs, r.calls[i]!.concurrent.p99Ms)} (${fmt(r.calls[i]!.concurrent.okPerSecond, 0)}/s)`,
        (r) => r.calls[i]!.concurrent.medianMs,
      ),
    );
    log(`\n### ${dimension}: ${options.readConnections} connections (median / p99 ms, requests/s)`);
    log(table(header, concurrent));
    for (const r of results) {
      log(
        `${short(r.sizes[dimension])} ${dimension}: uptime before "${r.uptimeBefore}", after ` +
          `"${r.uptimeAfter}"; other processes ${r.cpu.reads.other} % of a CPU in the reads, ` +
          `${r.cpu.orders.other} % in the orders; database ${r.database}`,
      );
    }
  }
}
