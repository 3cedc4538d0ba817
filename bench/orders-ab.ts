import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { signInAll } from './auth';
import { createBenchDatabase } from './database';
import { load } from './load';
import { seedOrders, USER_PASSWORD } from './seed';
import { processCpuSeconds, startServer } from './server';

/**
 * Two server builds on one seeded database, alternated round by round (A, B, B, A, A, B…), each
 * measured on the platform and the manager-chain orders: the ratio of the second build to the
 * first, on the same data in the same minutes, which a busy or slow machine cannot fake the way
 * it fakes an absolute figure. The builds are given as their dist/main.js (`--a`, `--b`), e.g. a
 * worktree of an older commit against this checkout's.
 *
 *   npx tsx orders-ab.ts --a /tmp/old/apps/server/dist/main.js --b ../apps/server/dist/main.js
 */
const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '64' },
  },
});
if (!values.a || !values.b) {
  console.error('usage: orders-ab.ts --a <dist/main.js> --b <dist/main.js> [--rounds 3]');
  process.exit(2);
}
const builds = { a: values.a, b: values.b };
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const connections = Number(values.connections);
const log = (line: string) => console.log(line);

interface Measured {
  build: 'a' | 'b';
  scenario: 'platform' | 'manager chain';
  ordersPerSecond: number;
  p99Ms: number;
  serverCpuMsPerOrder: number;
  non2xx: number;
}

const db = await createBenchDatabase();
const keysSecret = randomBytes(32).toString('hex');
const results: Measured[] = [];
try {
  // The newer build first: it migrates the database to its schema, which the older one reads.
  const first = await startServer({ databaseUrl: db.url, keysSecret, serverMain: builds.b });
  const keys = rounds * 2 * 2 * (seconds + warmupSeconds) * 2_500;
  log(`seeding ${keys.toLocaleString('en-US')} keys, ${connections} platform and chain resellers`);
  const seed = await seedOrders(db.pool, keysSecret, {
    resellers: connections,
    keys,
    spreadKeys: 0,
    log,
  });
  await first.stop();

  for (let round = 1; round <= rounds; round++) {
    const order: ('a' | 'b')[] = round % 2 === 1 ? ['a', 'b'] : ['b', 'a'];
    for (const build of order) {
      const server = await startServer({
        databaseUrl: db.url,
        keysSecret,
        serverMain: builds[build],
      });
      try {
        for (const [scenario, usernames] of [
          ['platform', seed.platformResellers],
          ['manager chain', seed.chainResellers],
        ] as const) {
          const cookies = await signInAll(server.baseUrl, usernames, USER_PASSWORD);
          const request = {
            url: `${server.baseUrl}/api/orders`,
            method: 'POST' as const,
            body: JSON.stringify({ productId: seed.productId, quantity: 1 }),
            cookies,
            connections,
          };
          await load({ ...request, seconds: warmupSeconds });
          await db.pool.query('vacuum analyze product_keys');
          const cpuBefore = processCpuSeconds(server.pid);
          const measured = await load({ ...request, seconds });
          const cpu = processCpuSeconds(server.pid) - cpuBefore;
          const result: Measured = {
            build,
            scenario,
            ordersPerSecond: measured.okPerSecond,
            p99Ms: measured.p99Ms,
            serverCpuMsPerOrder: (cpu * 1000) / Math.max(1, measured.ok),
            non2xx: measured.non2xx,
          };
          results.push(result);
          log(
            `round ${round} ${build} ${scenario}: ${result.ordersPerSecond.toFixed(0)} orders/s, ` +
              `p99 ${result.p99Ms} ms, server CPU ${result.serverCpuMsPerOrder.toFixed(2)} ms an order, ` +
              `non-2xx ${result.non2xx}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await db.drop();
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
log(`\nA = ${builds.a}\nB = ${builds.b}`);
for (const scenario of ['platform', 'manager chain'] as const) {
  const of = (build: 'a' | 'b') =>
    results.filter((r) => r.build === build && r.scenario === scenario);
  const rate = (build: 'a' | 'b') => mean(of(build).map((r) => r.ordersPerSecond));
  const cpu = (build: 'a' | 'b') => mean(of(build).map((r) => r.serverCpuMsPerOrder));
  log(
    `${scenario}: A ${rate('a').toFixed(0)} orders/s, B ${rate('b').toFixed(0)}: B/A ${(
      (100 * rate('b')) /
      rate('a')
    ).toFixed(0)} %; server CPU an order A ${cpu('a').toFixed(2)} ms, B ${cpu('b').toFixed(2)} ms`,
  );
}
