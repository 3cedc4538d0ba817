import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { DEFAULT_ANALYTICS_OPTIONS } from './analytics';
import { seedAnalytics } from './analytics-seed';
import { signIn } from './auth';
import { createBenchDatabase, PG_HOST, PG_PORT, PG_USER, serverVersion } from './database';
import { measureCpu } from './diagnose';
import { checkLedger, seedLedger } from './ledger-seed';
import { load, type LoadResult } from './load';
import { describeMachine, fmt, machine, noiseWarning, saveResults, table, verdict } from './report';
import { benchUserId, USER_PASSWORD } from './seed';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ensureServerBuilt, startServer } from './server';

/**
 * Operator lists at scale: pages of `GET /api/ledger` (statements) and `GET /api/orders/all` with the filters
 * operators use, on 1,000,000 orders and ~3,000,000 ledger rows (100,000 users), one caller at a
 * time (one connection), as the admin, as a manager with a fifth of the platform below it and as
 * resellers; then the CSV export of every order (1,000,000 rows): its time and the server's
 * resident memory (RSS, sampled from /proc every 20 ms) before, at its peak and after.
 */

export interface LedgerOptions {
  warmupSeconds: number;
  seconds: number;
  /** Keep the database at the end (its name is printed), for EXPLAIN by hand. */
  keep: boolean;
  /** A database a previous `--keep` run seeded: measure again without seeding. */
  database?: string | undefined;
}

export const DEFAULT_LEDGER_OPTIONS: LedgerOptions = { warmupSeconds: 1, seconds: 5, keep: false };

const TARGET_MEDIAN_MS = 50;
const log = (line: string) => console.log(line);

// Ids and names of seedAnalytics (bench/analytics-seed.ts): groups 1 managers, 2 level-one
// resellers (sellers), 3 level-two resellers (buyers), 5 products.
const MANAGER = 'manager_1';
const SELLER = 'seller_7';
const SELLER_ID = benchUserId(2, 7);
const BUYER_ID = benchUserId(3, 4242);
const PRODUCT_ID = benchUserId(5, 1234);

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const LAST_30_DAYS = `from=${encodeURIComponent(day(30))}&to=${encodeURIComponent(day(0))}`;
const DAYS_90_TO_60 = `from=${encodeURIComponent(day(90))}&to=${encodeURIComponent(day(60))}`;

type Caller = 'admin' | 'manager' | 'seller';

/**
 * The pages measured: a caller and a path (limit 25, the table's usual page size, unless said).
 * `stats`: the orders screen's stat cards (`/orders/all/stats`), asked apart from the page and
 * exact over every matching order, so measured but outside the page target.
 */
const PAGES: { caller: Caller; path: string; stats?: true }[] = [
  // Statements
  { caller: 'admin', path: `/api/ledger?userId=${SELLER_ID}&limit=25` },
  { caller: 'admin', path: `/api/ledger?userId=${BUYER_ID}&bucket=balance&kind=purchase&limit=25` },
  { caller: 'seller', path: `/api/ledger?limit=25` },
  { caller: 'seller', path: `/api/ledger?bucket=profit&${LAST_30_DAYS}&limit=25` },
  { caller: 'manager', path: `/api/ledger?limit=25` },
  { caller: 'manager', path: `/api/ledger?bucket=profit&${DAYS_90_TO_60}&limit=25` },
  { caller: 'manager', path: `/api/ledger?bucket=profit&sort=-amount&limit=25` },
  { caller: 'manager', path: `/api/ledger?limit=25&page=400` },
  // Orders
  { caller: 'admin', path: `/api/orders/all?limit=25` },
  { caller: 'admin', path: `/api/orders/all?${LAST_30_DAYS}&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sellerId=${SELLER_ID}&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sellerId=${SELLER_ID}&${LAST_30_DAYS}&limit=25` },
  { caller: 'admin', path: `/api/orders/all?productId=${PRODUCT_ID}&limit=25` },
  { caller: 'admin', path: `/api/orders/all?status=pending&${LAST_30_DAYS}&limit=25` },
  {
    caller: 'admin',
    path: `/api/orders/all?search=${encodeURIComponent('Product #1234')}&limit=25`,
  },
  { caller: 'admin', path: `/api/orders/all?search=martin&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=-total&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=-total&${LAST_30_DAYS}&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=-quantity&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=quantity&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=product&limit=25` },
  { caller: 'admin', path: `/api/orders/all?sort=-status&limit=25` },
  { caller: 'seller', path: `/api/orders/all?showAll=true&limit=25` },
  { caller: 'seller', path: `/api/orders/all?showAll=true&sort=-total&${LAST_30_DAYS}&limit=25` },
  { caller: 'manager', path: `/api/orders/all?showAll=true&limit=25` },
  {
    caller: 'manager',
    path: `/api/orders/all?showAll=true&${LAST_30_DAYS}&status=completed&limit=25`,
  },
  { caller: 'manager', path: `/api/orders/all?showAll=true&sort=-total&limit=25` },
  // The stat cards of some of the lists above.
  { caller: 'admin', path: `/api/orders/all/stats`, stats: true },
  { caller: 'admin', path: `/api/orders/all/stats?${LAST_30_DAYS}`, stats: true },
  { caller: 'admin', path: `/api/orders/all/stats?sellerId=${SELLER_ID}`, stats: true },
  { caller: 'manager', path: `/api/orders/all/stats?showAll=true`, stats: true },
];

/** Resident memory of a process, from /proc (kB). */
function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

/** Downloads a CSV export, counting its lines, while sampling the server's RSS. */
async function timedExport(url: string, cookie: string, pid: number) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 20);
  const t0 = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const reader = response.body!.getReader();
    let lines = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let at = value.indexOf(0x0a); at >= 0; at = value.indexOf(0x0a, at + 1)) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    return { seconds, lines, bytes, rssBeforeMb: before / 1024, rssPeakMb: peak / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

function existingDatabase(name: string) {
  const url = `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${name}`;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  return { name, url, pool, drop: async () => void (await pool.end().catch(() => {})) };
}

export async function ledgerBenchmark(options: LedgerOptions = DEFAULT_LEDGER_OPTIONS) {
  ensureServerBuilt(log);
  const reuse = options.database !== undefined;
  const db = reuse ? existingDatabase(options.database!) : await createBenchDatabase();
  log(`\ndatabase ${db.name}${reuse ? ' (seeded before)' : ''}`);
  let keep = options.keep || reuse;
  try {
    const server = await startServer({
      databaseUrl: db.url,
      keysSecret: randomBytes(32).toString('hex'),
      // A seeded database may have migrations to apply (new indexes on millions of rows).
      readySeconds: reuse ? 900 : 60,
    });
    try {
      log(`server ${server.baseUrl} (pid ${server.pid})`);
      let seeded: Record<string, unknown> = { reused: db.name };
      if (!reuse) {
        log('seeding:');
        const platform = await seedAnalytics(db.pool, DEFAULT_ANALYTICS_OPTIONS, log);
        const ledger = await seedLedger(db.pool, log);
        seeded = { platform, ledger };
      }
      const t0 = performance.now();
      const checks = await checkLedger(db.pool);
      log(
        `ledger checks (${Math.round(performance.now() - t0)} ms): buckets off ${checks.buckets}, ` +
          `rows below zero ${checks.negative}, broken chain links ${checks.chain}`,
      );
      const { rows: counts } = await db.pool.query<{ orders: number; ledger: number }>(
        `select (select count(*)::int from orders) as orders,
                (select count(*)::int from ledger_entries) as ledger`,
      );
      log(
        `${counts[0]!.orders.toLocaleString('en-US')} orders, ` +
          `${counts[0]!.ledger.toLocaleString('en-US')} ledger rows`,
      );
      const cookies: Record<Caller, string> = {
        admin: await signIn(server.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD),
        manager: await signIn(server.baseUrl, MANAGER, USER_PASSWORD),
        seller: await signIn(server.baseUrl, SELLER, USER_PASSWORD),
      };
      const uptimeBefore = execFileSync('uptime', { encoding: 'utf8' }).trim();
      log(`uptime: ${uptimeBefore}`);

      const rows: string[][] = [];
      const measured: {
        caller: Caller;
        path: string;
        stats: boolean;
        total: unknown;
        firstMs: number;
        result: LoadResult;
      }[] = [];
      const stopCpu = measureCpu(server.pid);
      for (const page of PAGES) {
        const url = `${server.baseUrl}${page.path}`;
        // One request alone first: its time stands even when none finishes in the window.
        const t0 = performance.now();
        const first = await fetch(url, { headers: { cookie: cookies[page.caller] } });
        const body = (await first.json()) as {
          pagination?: { total: number; totalExact?: boolean };
          total?: number;
        };
        const firstMs = Math.round(performance.now() - t0);
        if (first.status !== 200) throw new Error(`${page.path}: ${first.status}`);
        const request = { url, method: 'GET' as const, cookies: [cookies[page.caller]] };
        await load({ ...request, connections: 1, seconds: options.warmupSeconds });
        const result = await load({ ...request, connections: 1, seconds: options.seconds });
        // A capped count (`totalExact: false`) reads "10000+"; the stat cards answer their total.
        const total = body.pagination
          ? `${body.pagination.total}${body.pagination.totalExact === false ? '+' : ''}`
          : body.total;
        const stats = page.stats === true;
        measured.push({ caller: page.caller, path: page.path, stats, total, firstMs, result });
        rows.push([
          `${page.caller} ${decodeURIComponent(page.path.replace(/^\/api/, '')).replace(/T\d\d:\d\d:\d\d\.\d+Z/g, '')}`,
          String(total ?? ''),
          String(firstMs),
          String(result.ok),
          fmt(result.medianMs, 0),
          fmt(result.p99Ms, 0),
          String(result.non2xx),
        ]);
        log(`  ${rows.at(-1)!.join('  ')}`);
        if (result.failures.length) log(`    failures: ${result.failures.join(' | ')}`);
      }
      const cpu = stopCpu();

      log('CSV export of every order (admin):');
      const exported = await timedExport(
        `${server.baseUrl}/api/orders/all?format=csv`,
        cookies.admin,
        server.pid,
      );
      const rssAfterMb = rssKb(server.pid) / 1024;
      log(
        `  ${exported.lines.toLocaleString('en-US')} lines, ${fmt(exported.bytes / 2 ** 20)} MB in ` +
          `${fmt(exported.seconds)} s; server RSS ${fmt(exported.rssBeforeMb)} MB before, ` +
          `peak ${fmt(exported.rssPeakMb)} MB, ${fmt(rssAfterMb)} MB after`,
      );
      const uptimeAfter = execFileSync('uptime', { encoding: 'utf8' }).trim();

      const info = {
        date: new Date().toISOString(),
        machine: machine(await serverVersion(db.pool)),
        options,
        seeded,
        checks,
        uptimeBefore,
        uptimeAfter,
      };
      log(`\n## Ledger and orders pages benchmark, ${info.date}`);
      log(describeMachine(info.machine));
      log(`uptime before: ${uptimeBefore}\nuptime after:  ${uptimeAfter}`);
      log(
        table(
          [
            'page (one connection)',
            'total',
            'first ms',
            'requests',
            'median ms',
            'p99 ms',
            'non-2xx',
          ],
          rows,
        ),
      );
      log(
        `CPU (% of one CPU): machine ${cpu.machinePercent} % busy of 200 %, server ${cpu.server} %, ` +
          `postgres ${cpu.postgres} %, autocannon ${cpu.loadGenerator} %, other processes ${cpu.other} %`,
      );
      const slow = measured.filter(
        (m) => !m.stats && !(m.result.ok > 0 && m.result.medianMs <= TARGET_MEDIAN_MS),
      );
      log(
        verdict(
          `every page's median ≤ ${TARGET_MEDIAN_MS} ms (the stat cards apart)`,
          slow.length === 0,
          slow.length
            ? `over: ${slow.map((m) => `${m.caller} ${m.path} ${fmt(m.result.medianMs, 0)} ms`).join('; ')}`
            : `slowest ${fmt(Math.max(...measured.filter((m) => !m.stats).map((m) => m.result.medianMs)), 0)} ms`,
        ),
      );
      log(noiseWarning(cpu));
      log(
        `\nraw figures: ${saveResults('ledger', { ...info, measured, cpu, exported, rssAfterMb })}`,
      );
    } finally {
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
