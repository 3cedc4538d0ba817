import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { signIn } from './auth';
import { createBenchDatabase } from './database';
import { timedGet } from './scale-measure';
import { seedScale } from './scale-seed';
import { USER_PASSWORD } from './seed';
import { ensureServerBuilt, startServer, type RunningServer } from './server';

/**
 * The whole-catalogue list (`GET /api/products?limit=10000`, as scale.ts's list buyer) of two
 * builds of the server, this checkout's and another (`--old`, an older commit's worktree), on
 * one database seeded as scale.ts seeds it, at each catalogue size asked. The two are asked in
 * turn, one request each, so both see the same moments of a shared machine; only their ratio is
 * read. For each size:
 * - cached: the same answer again (nothing changed);
 * - after a sale: one product's stock changed straight in the database before each request;
 * - after a price change: one product's price changed before each request (the list built again);
 * - after a restart: each server stopped and started again on its DATA_DIR, then one request.
 *
 *   cd bench && npx tsx list-ab.ts --old /tmp/old-<hash>/apps/server/dist/main.js \
 *     --products 10000,100000 --requests 30
 */

const log = (line: string) => console.log(line);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const p90 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? 0;
};

interface Side {
  name: 'old' | 'new';
  main: string | undefined;
  server: RunningServer;
  cookie: string;
}

async function abAtSize(products: number, oldMain: string, requests: number, restarts: number) {
  log(
    `\n### ${products} products (uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()})`,
  );
  const db = await createBenchDatabase();
  const keysSecret = randomBytes(32).toString('hex');
  const sides: Side[] = [];
  try {
    const start = (main: string | undefined, dataDir?: string) =>
      startServer({
        databaseUrl: db.url,
        keysSecret,
        readySeconds: 300,
        serverMain: main,
        dataDir,
      });
    const first = await start(oldMain);
    const seed = await seedScale(
      db.pool,
      keysSecret,
      { orders: 10_000, users: 1_000, products },
      10,
      log,
    );
    const second = await start(undefined);
    for (const [name, main, server] of [
      ['old', oldMain, first],
      ['new', undefined, second],
    ] as const) {
      sides.push({
        name,
        main,
        server,
        cookie: await signIn(server.baseUrl, seed.listBuyer, USER_PASSWORD),
      });
    }
    const url = (side: Side) => `${side.server.baseUrl}/api/products?limit=10000`;
    const times: Record<string, Record<Side['name'], number[]>> = {};
    const record = (scenario: string, side: Side, ms: number) => {
      times[scenario] ??= { old: [], new: [] };
      times[scenario][side.name].push(ms);
    };
    // Warm both: the first build, then a few answers.
    for (const side of sides) for (let i = 0; i < 3; i++) await timedGet(url(side), side.cookie);

    // A product the answer holds (at 100,000 products it holds the first 10,000 by name).
    const answer = await fetch(url(sides[1]!), { headers: { cookie: sides[1]!.cookie } });
    const product = ((await answer.json()) as { data: { id: string }[] }).data[0]!.id;
    for (let i = 0; i < requests; i++) {
      // Each round: old then new, or new then old, so neither is always first.
      const order = i % 2 ? [...sides].reverse() : sides;
      for (const side of order) record('cached', side, (await timedGet(url(side), side.cookie)).ms);
      for (const side of order) {
        await db.pool.query(`update products set stock = stock + 1 where id = $1`, [product]);
        record('after a sale', side, (await timedGet(url(side), side.cookie)).ms);
      }
      for (const side of order) {
        await db.pool.query(
          `update products set reseller_price_cents = reseller_price_cents + 1 where id = $1`,
          [product],
        );
        record('after a price change', side, (await timedGet(url(side), side.cookie)).ms);
      }
    }
    for (let i = 0; i < restarts; i++) {
      const order = i % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        // The list served last is written to DATA_DIR a second after its first answer (old).
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await side.server.stop();
        side.server = await start(side.main, side.server.dataDir);
        side.cookie = await signIn(side.server.baseUrl, seed.listBuyer, USER_PASSWORD);
        record('after a restart', side, (await timedGet(url(side), side.cookie)).ms);
        for (let k = 0; k < 2; k++) await timedGet(url(side), side.cookie);
      }
    }
    const bytes = await timedGet(url(sides[1]!), sides[1]!.cookie);
    log(`| scenario | old: median / p90 ms | new: median / p90 ms | new / old (medians) |`);
    log(`| --- | ---: | ---: | ---: |`);
    for (const [scenario, bySide] of Object.entries(times)) {
      const [o, n] = [bySide.old, bySide.new];
      log(
        `| ${scenario} (${o.length} each) | ${median(o).toFixed(1)} / ${p90(o).toFixed(1)} | ` +
          `${median(n).toFixed(1)} / ${p90(n).toFixed(1)} | ×${(median(n) / median(o)).toFixed(2)} |`,
      );
    }
    log(`new answer: ${bytes.bytes} bytes gzip`);
    log(`uptime after: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  } finally {
    for (const side of sides) await side.server.stop().catch(() => {});
    await db.drop();
  }
}

const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    products: { type: 'string', default: '10000,100000' },
    requests: { type: 'string', default: '30' },
    restarts: { type: 'string', default: '4' },
  },
});
if (!values.old) throw new Error('--old <an older build of apps/server/dist/main.js> is needed');
ensureServerBuilt(log);
for (const products of values.products.split(',').map(Number)) {
  await abAtSize(products, values.old, Number(values.requests), Number(values.restarts));
}
