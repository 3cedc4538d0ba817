import { randomBytes } from 'node:crypto';
import { signIn } from './auth';
import { seedAnalytics, type AnalyticsSeedOptions } from './analytics-seed';
import { createBenchDatabase, serverVersion } from './database';
import { measureCpu } from './diagnose';
import { load, type LoadResult } from './load';
import { describeMachine, fmt, machine, noiseWarning, saveResults, table, verdict } from './report';
import { USER_PASSWORD } from './seed';
import { ADMIN_PASSWORD, ADMIN_USERNAME, ensureServerBuilt, startServer } from './server';

/**
 * Every analytics call on a platform of 100,000 users and 1,000,000 orders, for an admin (the
 * whole platform) and for the manager with the largest downline (a fifth of the tree): the
 * latency of one caller at a time (one connection), median and p99.
 *
 * The first call of each scope sums every finished day into the rollup tables (what the first
 * dashboard after an upgrade pays once); it is timed on its own, before the measured runs.
 */

export interface AnalyticsOptions extends AnalyticsSeedOptions {
  warmupSeconds: number;
  seconds: number;
}

export const DEFAULT_ANALYTICS_OPTIONS: AnalyticsOptions = {
  managers: 50,
  levelOneResellers: 5_000,
  bigManagerResellers: 1_000,
  // + 50 managers, 5,000 resellers and the admin: 100,000 users.
  levelTwoResellers: 94_949,
  products: 10_000,
  orders: 1_000_000,
  historyDays: 400,
  warmupSeconds: 2,
  seconds: 10,
};

const TARGET_MEDIAN_MS = 200;
const log = (line: string) => console.log(line);

/** The calls measured; search looks for a surname shared by many users and products by brand. */
const CALLS = [
  { path: '/api/analytics/dashboard-stats', adminOnly: false },
  { path: '/api/analytics/revenue-chart?period=daily', adminOnly: false },
  { path: '/api/analytics/revenue-chart?period=weekly', adminOnly: false },
  { path: '/api/analytics/revenue-chart?period=monthly', adminOnly: false },
  { path: '/api/analytics/user-distribution', adminOnly: false },
  { path: '/api/analytics/disk-space', adminOnly: true },
  { path: `/api/analytics/search?query=${encodeURIComponent('martin')}`, adminOnly: false },
  { path: `/api/analytics/search?query=${encodeURIComponent('steam 25')}`, adminOnly: false },
  // Matches nothing: the whole index is consulted, no early stop at 10 results.
  { path: `/api/analytics/search?query=${encodeURIComponent('zzqx')}`, adminOnly: false },
];

async function timedGet(url: string, cookie: string) {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
  return Math.round(performance.now() - t0);
}

export async function analyticsBenchmark(options: AnalyticsOptions = DEFAULT_ANALYTICS_OPTIONS) {
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  log(`\ndatabase ${db.name}`);
  try {
    const server = await startServer({
      databaseUrl: db.url,
      keysSecret: randomBytes(32).toString('hex'),
    });
    try {
      log(`server ${server.baseUrl} (pid ${server.pid}); seeding:`);
      const seed = await seedAnalytics(db.pool, options, log);
      log(
        `${seed.users.toLocaleString('en-US')} users, ${seed.orders.toLocaleString('en-US')} orders; ` +
          `${seed.bigManagerUsername} has ${seed.bigManagerDownline.toLocaleString('en-US')} users below it ` +
          `who placed ${seed.bigManagerOrders.toLocaleString('en-US')} orders`,
      );
      const callers = [
        { name: 'admin', cookie: await signIn(server.baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD) },
        {
          name: 'manager',
          cookie: await signIn(server.baseUrl, seed.bigManagerUsername, USER_PASSWORD),
        },
      ];

      const firstCalls: Record<string, number> = {};
      for (const caller of callers) {
        firstCalls[caller.name] = await timedGet(
          `${server.baseUrl}/api/analytics/dashboard-stats`,
          caller.cookie,
        );
        log(
          `first dashboard call of the ${caller.name} (builds its rollup): ${firstCalls[caller.name]} ms`,
        );
      }

      const rows: string[][] = [];
      const measured: { caller: string; path: string; result: LoadResult }[] = [];
      const stopCpu = measureCpu(server.pid);
      for (const call of CALLS) {
        for (const caller of callers) {
          if (call.adminOnly && caller.name !== 'admin') continue;
          const request = {
            url: `${server.baseUrl}${call.path}`,
            method: 'GET' as const,
            cookies: [caller.cookie],
            connections: 1,
          };
          await load({ ...request, seconds: options.warmupSeconds });
          const result = await load({ ...request, seconds: options.seconds });
          measured.push({ caller: caller.name, path: call.path, result });
          rows.push([
            `${caller.name} ${decodeURIComponent(call.path.replace('/api/analytics/', ''))}`,
            String(result.ok),
            fmt(result.medianMs, 0),
            fmt(result.p99Ms, 0),
            String(result.non2xx),
          ]);
          log(`  ${rows.at(-1)!.join('  ')}`);
          if (result.failures.length) log(`    failures: ${result.failures.join(' | ')}`);
        }
      }
      const cpu = stopCpu();

      const info = {
        date: new Date().toISOString(),
        machine: machine(await serverVersion(db.pool)),
        options,
        seed,
      };
      log(`\n## Analytics benchmark, ${info.date}`);
      log(describeMachine(info.machine));
      log(table(['call (one connection)', 'requests', 'median ms', 'p99 ms', 'non-2xx'], rows));
      log(
        `first dashboard call (rollup of every finished day): admin ${firstCalls.admin} ms, ` +
          `manager ${firstCalls.manager} ms`,
      );
      log(
        `CPU (% of one CPU): machine ${cpu.machinePercent} % busy of 200 %, server ${cpu.server} %, ` +
          `postgres ${cpu.postgres} %, autocannon ${cpu.loadGenerator} %, other processes ${cpu.other} %`,
      );
      const worst = measured.reduce((a, b) => (b.result.medianMs > a.result.medianMs ? b : a));
      log(
        verdict(
          `every call's median ≤ ${TARGET_MEDIAN_MS} ms`,
          measured.every((m) => m.result.ok > 0 && m.result.medianMs <= TARGET_MEDIAN_MS),
          `slowest: ${worst.caller} ${worst.path} ${fmt(worst.result.medianMs, 0)} ms`,
        ),
      );
      log(noiseWarning(cpu));
      log(`\nraw figures: ${saveResults('analytics', { ...info, firstCalls, measured, cpu })}`);
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
