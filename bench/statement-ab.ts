import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBenchDatabase } from './database';
import { countPostgresOf, measureCpu, parentOf } from './diagnose';
import { runPgbench, serverOrderScript, type PgbenchOptions } from './pgbench';
import { fmt } from './report';
import { ensureServerBuilt, startServer } from './server';
import { seedOrders, type OrdersSeed } from './seed';

/**
 * The order statement of two versions of the code side by side, with no server: PostgreSQL's CPU
 * for each, measured on one seeded database by pgbench, in alternating rounds. The HTTP figures of
 * a 2-CPU machine move by ±15 % from one run to the next; this isolates what a change to the
 * statement itself costs or saves.
 *
 *   npx tsx statement-ab.ts seed                      a database with 1,000,000 keys (kept)
 *   npx tsx statement-ab.ts script NAME [--chain] [--batch N [--pipeline]]
 *                                                     the statement of the code checked out now
 *   git checkout <other>; npx tsx statement-ab.ts script OTHER; git checkout -
 *   npx tsx statement-ab.ts run NAME OTHER [--rounds 5 --seconds 8 --clients 16 --protocol prepared]
 *   npx tsx statement-ab.ts drop
 *
 * `run` reports each round's rate and PostgreSQL's CPU per order (its processes' CPU time over
 * the round, /proc, over the orders placed). With `--clients 1` and
 * `PGOPTIONS='-c synchronous_commit=off'` each order runs alone and waits for no disk, so the CPU
 * per order is the statement's own cost, the steadiest of these figures. The state (database,
 * seed, scripts) is in `$TMPDIR/km-statement-ab`.
 *
 * What-if of writing orders in batches: `script NAME --batch N [--pipeline]` makes each
 * pgbench client one buyer (as the HTTP benchmark's clients are, so at most 64 clients) and places
 * N of its orders in one transaction, each statement a round trip of its own, or all of them sent
 * at once with `--pipeline` (run with `--protocol extended`: pgbench 15 cannot pipeline its
 * prepared statements). `--batch 1` is the same client-per-buyer order alone, the baseline.
 */

const DIR = path.join(tmpdir(), 'km-statement-ab');
const STATE = path.join(DIR, 'state.json');
const RESELLERS = 64;

interface State {
  database: string;
  url: string;
  seed: OrdersSeed;
}

const state = (): State => JSON.parse(readFileSync(STATE, 'utf8')) as State;
const scriptFile = (name: string) => path.join(DIR, `${name}.sql`);

/** How a script was written: what `run` needs to count its orders and to drive it. */
interface ScriptShape {
  /** Orders one pgbench transaction places. */
  orders: number;
  /** One buyer a client: clients beyond the seeded resellers would buy as no one. */
  perClient: boolean;
  /** Pipelined: pgbench 15 cannot pipeline prepared statements. */
  pipeline: boolean;
}
const shapeFile = (name: string) => path.join(DIR, `${name}.json`);
const shapeOf = (name: string): ScriptShape =>
  JSON.parse(readFileSync(shapeFile(name), 'utf8')) as ScriptShape;

/**
 * The order statement (written for one buyer per client), `batch` orders in one transaction,
 * pipelined or not. A platform order's rows are its buyer's, so no client waits on another's;
 * a chain order also credits the manager's row, which a batch then holds until its commit.
 */
function batchedScript(script: string, batch: number, pipeline: boolean): string {
  const [buyer, statement] = script.split('\n');
  if (!statement?.endsWith(' \\gset')) throw new Error('Unexpected order script');
  // \gset (which fails a statement that returns no row) cannot be used in a pipeline.
  const order = pipeline ? `${statement.slice(0, -' \\gset'.length)};` : statement;
  const orders = Array.from({ length: batch }, () => order);
  // One order alone is its own transaction, as the server sends it: no BEGIN, no COMMIT.
  const transaction = batch > 1 ? ['BEGIN;', ...orders, 'COMMIT;'] : orders;
  return [
    buyer,
    ...(pipeline ? ['\\startpipeline', ...transaction, '\\endpipeline'] : transaction),
    '',
  ].join('\n');
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seed(keys: number) {
  mkdirSync(DIR, { recursive: true });
  ensureServerBuilt(console.log);
  const db = await createBenchDatabase();
  // The server migrates the database; the seed is the orders benchmark's.
  const server = await startServer({
    databaseUrl: db.url,
    keysSecret: randomBytes(32).toString('hex'),
    poolMax: 4,
  });
  await server.stop();
  const seeded = await seedOrders(db.pool, randomBytes(32).toString('hex'), {
    resellers: RESELLERS,
    keys,
    spreadKeys: 0,
    log: console.log,
  });
  // Enough for every round: the balance never runs out before the keys.
  await db.pool.query(`update users set balance_cents = 10000000000 where role <> 'admin'`);
  await db.pool.query('vacuum analyze');
  writeFileSync(STATE, JSON.stringify({ database: db.name, url: db.url, seed: seeded }));
  await db.pool.end();
  console.log(`database ${db.name}`);
}

async function run(
  names: string[],
  rounds: number,
  seconds: number,
  clients: number,
  protocol: PgbenchOptions['protocol'],
) {
  const { database, url } = state();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Only this cluster's processes are PostgreSQL's CPU: a backend's parent is its postmaster.
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  countPostgresOf(parentOf(rows[0]!.pid));
  const results = new Map<string, { ordersPerSecond: number; cpuMs: number }[]>();
  for (const name of names) {
    const shape = shapeOf(name);
    if (shape.perClient && clients > RESELLERS) {
      throw new Error(`${name} is one buyer a client: at most ${RESELLERS} clients`);
    }
    if (shape.pipeline && protocol === 'prepared') {
      throw new Error(`${name} is pipelined: run it with --protocol extended`);
    }
  }
  try {
    for (let round = 1; round <= rounds; round++) {
      // Alternating which goes first, so that neither always follows the other's dead rows.
      for (const name of round % 2 ? names : [...names].reverse()) {
        // Each round from the same state: the previous round's dead key entries vacuumed.
        await pool.query('vacuum analyze');
        await pool.query('checkpoint');
        let cpu: ReturnType<ReturnType<typeof measureCpu>> | undefined;
        let timer: NodeJS.Timeout | undefined;
        const result = await runPgbench(readFileSync(scriptFile(name), 'utf8'), {
          database,
          clients,
          threads: Math.min(2, clients),
          seconds,
          warmupSeconds: 2,
          protocol,
          onMeasured: {
            start: () => {
              const stop = measureCpu(undefined);
              timer = setTimeout(() => (cpu = stop()), (seconds - 0.5) * 1000);
            },
            end: () => clearTimeout(timer),
          },
        });
        const ordersPerSecond = result.tps * shapeOf(name).orders;
        const cpuMs = ((cpu?.postgres ?? NaN) / 100 / ordersPerSecond) * 1000;
        const list = results.get(name) ?? [];
        list.push({ ordersPerSecond, cpuMs });
        results.set(name, list);
        console.log(
          `round ${round} ${name}: ${fmt(ordersPerSecond, 0)} orders/s, ` +
            `p99 ${fmt(result.p99Ms)} ms a transaction, ` +
            `PostgreSQL ${cpu?.postgres ?? '?'} % = ${cpuMs.toFixed(3)} ms of CPU an order` +
            (result.failed || result.abortedClients
              ? `, ${result.failed} failed, ${result.abortedClients} clients aborted`
              : ''),
        );
      }
    }
  } finally {
    await pool.end();
  }
  console.log('');
  for (const [name, list] of results) {
    console.log(
      `${name}: median ${fmt(median(list.map((r) => r.ordersPerSecond)), 0)} orders/s, ` +
        `median ${median(list.map((r) => r.cpuMs)).toFixed(3)} ms of PostgreSQL CPU an order ` +
        `(rounds: ${list.map((r) => r.cpuMs.toFixed(3)).join(', ')})`,
    );
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    chain: { type: 'boolean' },
    keys: { type: 'string' },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    clients: { type: 'string' },
    batch: { type: 'string' },
    pipeline: { type: 'boolean' },
    protocol: { type: 'string' },
  },
});
const [command, ...names] = positionals;

function protocolOf(text: string): PgbenchOptions['protocol'] {
  if (text === 'simple' || text === 'extended' || text === 'prepared') return text;
  throw new Error('--protocol is simple, extended or prepared');
}

if (command === 'seed') {
  await seed(Number(values.keys ?? 1_000_000));
} else if (command === 'script' && names.length === 1) {
  mkdirSync(DIR, { recursive: true });
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && !(Number.isInteger(batch) && batch >= 1)) {
    throw new Error('--batch takes a whole number of orders, 1 or more');
  }
  const pipeline = values.pipeline ?? false;
  if (pipeline && batch === undefined) throw new Error('--pipeline needs --batch N');
  const script = serverOrderScript(
    state().seed,
    RESELLERS,
    values.chain ?? false,
    batch === undefined ? 'random' : 'per-client',
  );
  const shape: ScriptShape = { orders: batch ?? 1, perClient: batch !== undefined, pipeline };
  writeFileSync(
    scriptFile(names[0]!),
    batch === undefined ? script : batchedScript(script, batch, pipeline),
  );
  writeFileSync(shapeFile(names[0]!), JSON.stringify(shape));
  console.log(scriptFile(names[0]!));
} else if (command === 'run' && names.length > 0) {
  await run(
    names,
    Number(values.rounds ?? 5),
    Number(values.seconds ?? 8),
    Number(values.clients ?? 16),
    protocolOf(values.protocol ?? 'prepared'),
  );
} else if (command === 'drop') {
  const { database, url } = state();
  const admin = new pg.Client({ connectionString: url.replace(`/${database}`, '/postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
} else {
  console.error(
    'usage: statement-ab.ts seed [--keys N] | script NAME [--chain] [--batch N [--pipeline]] | run NAME... [--rounds N --seconds N --clients N --protocol P] | drop',
  );
  process.exit(2);
}
