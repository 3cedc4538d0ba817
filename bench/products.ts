import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { signIn } from './auth';
import { createBenchDatabase, serverVersion } from './database';
import { measureCpu } from './diagnose';
import { load } from './load';
import { summariseProfile } from './profile';
import { describeMachine, fmt, machine, noiseWarning, saveResults, table, verdict } from './report';
import { seedCatalogue, USER_PASSWORD } from './seed';
import { ensureServerBuilt, startServer } from './server';

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

export async function productsBenchmark(options: ProductsOptions = DEFAULT_PRODUCTS_OPTIONS) {
  ensureServerBuilt(log);
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  log(`\ndatabase ${db.name}`);
  try {
    const profileDir = options.profile
      ? mkdtempSync(path.join(tmpdir(), 'km-bench-prof-'))
      : undefined;
    const server = await startServer({
      databaseUrl: db.url,
      keysSecret,
      cpuProfileDir: profileDir,
    });
    try {
      log(`server ${server.baseUrl} (pid ${server.pid})`);
      log(
        `seeding ${options.products} products, ${options.categories} categories, ` +
          `${options.categories * options.subcategoriesPerCategory} subcategories, a 4-level chain`,
      );
      const seed = await seedCatalogue(db.pool, keysSecret, options);
      const cookie = await signIn(server.baseUrl, seed.buyerUsername, USER_PASSWORD);
      const url = `${server.baseUrl}/api/products?limit=${options.products}`;

      const probe = await fetchRaw(url, cookie);
      if (probe.status === 404) {
        log(
          '\nproducts: GET /api/products is not available yet (404: the catalogue routes are ' +
            'still being written). Nothing measured; run `npm run bench -- products` again once ' +
            'they exist.',
        );
        return;
      }
      if (probe.status !== 200) {
        throw new Error(
          `GET /api/products answered ${probe.status}: ${probe.json.toString().slice(0, 500)}`,
        );
      }
      const body = JSON.parse(probe.json.toString()) as { data?: unknown[] };
      const items = body.data?.length ?? 0;
      if (items !== seed.products)
        log(`WARNING: the list holds ${items} products, not ${seed.products}`);

      log(
        `warm-up ${options.warmupSeconds} s, then ${options.seconds} s with ${options.connections} connections`,
      );
      const request = {
        url,
        method: 'GET' as const,
        cookies: [cookie],
        headers: { 'accept-encoding': 'gzip' },
        connections: options.connections,
      };
      await load({ ...request, seconds: options.warmupSeconds });
      const stopCpu = measureCpu(server.pid);
      const measured = await load({ ...request, seconds: options.seconds });
      const cpu = stopCpu();

      const info = {
        date: new Date().toISOString(),
        machine: machine(await serverVersion(db.pool)),
        options,
      };
      log(`\n## Products benchmark, ${info.date}`);
      log(describeMachine(info.machine));
      log(
        table(
          [
            'scenario',
            'requests/s',
            'median ms',
            'p99 ms',
            'non-2xx',
            'gzip bytes',
            'JSON bytes',
            'items',
          ],
          [
            [
              `GET /api/products?limit=${options.products} (reseller B, ${options.connections} conns)`,
              fmt(measured.okPerSecond),
              fmt(measured.medianMs),
              fmt(measured.p99Ms),
              String(measured.non2xx),
              probe.encoding === 'gzip'
                ? probe.wire.length.toLocaleString('en-US')
                : `not compressed (${probe.encoding})`,
              probe.json.length.toLocaleString('en-US'),
              String(items),
            ],
          ],
        ),
      );
      log(
        `CPU (% of one CPU): machine ${cpu.machinePercent} % busy of 200 %, server ${cpu.server} %, ` +
          `postgres ${cpu.postgres} %, autocannon ${cpu.loadGenerator} %, other processes ${cpu.other} %`,
      );
      log(
        verdict(
          'median ≤ 100 ms',
          measured.ok > 0 && measured.medianMs <= TARGET_MEDIAN_MS,
          measured.ok > 0 ? `${fmt(measured.medianMs)} ms` : 'no request completed',
        ),
      );
      log(noiseWarning(cpu));
      if (measured.failures.length) log(`failures:\n  ${measured.failures.join('\n  ')}`);
      const file = saveResults('products', {
        ...info,
        measured,
        cpu,
        gzipBytes: probe.wire.length,
        encoding: probe.encoding,
        jsonBytes: probe.json.length,
        items,
      });
      log(`\nraw figures: ${file}`);
    } finally {
      await server.stop();
      if (profileDir) {
        log(`\n${summariseProfile(profileDir)}`);
        rmSync(profileDir, { recursive: true, force: true });
      }
    }
  } finally {
    await db.drop();
  }
}
