import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { signIn } from './auth';
import { createBenchDatabase, serverVersion } from './database';
import { measureCpu } from './diagnose';
import { load, type LoadResult } from './load';
import { summariseProfile } from './profile';
import { describeMachine, fmt, machine, noiseWarning, saveResults, table, verdict } from './report';
import { seedCatalogue, USER_PASSWORD } from './seed';
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
    const cached = await startServer({
      databaseUrl: db.url,
      keysSecret,
      cpuProfileDir: profileDir,
    });
    servers.push(cached);
    log(`server ${cached.baseUrl} (pid ${cached.pid})`);
    log(
      `seeding ${options.products} products, ${options.categories} categories, ` +
        `${options.categories * options.subcategoriesPerCategory} subcategories, a 4-level chain`,
    );
    const seed = await seedCatalogue(db.pool, keysSecret, options);
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
      const request = {
        url: `${server.baseUrl}${listPath}`,
        method: 'GET' as const,
        cookies: [await cookieOf(server)],
        headers: { 'accept-encoding': 'gzip' },
        connections,
      };
      await load({ ...request, seconds: options.warmupSeconds });
      const stopCpu = measureCpu(server.pid);
      const measured = await load({ ...request, seconds: options.seconds });
      scenarios.push({ label, measured, cpu: stopCpu() });
    };
    await run(`cached, ${options.connections} conns`, cached, options.connections);
    await run('built every time, 1 conn', uncached, 1);
    await run(`built every time, ${options.connections} conns`, uncached, options.connections);

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
    const first = scenarios[0]!.measured;
    log(
      verdict(
        'median ≤ 100 ms (cached list)',
        first.ok > 0 && first.medianMs <= TARGET_MEDIAN_MS,
        first.ok > 0 ? `${fmt(first.medianMs)} ms` : 'no request completed',
      ),
    );
    for (const scenario of scenarios) {
      log(`${scenario.label}: ${noiseWarning(scenario.cpu)}`);
      if (scenario.measured.failures.length)
        log(`failures:\n  ${scenario.measured.failures.join('\n  ')}`);
    }
    const file = saveResults('products', {
      ...info,
      scenarios,
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
