// npm test for the server: the suite once on PostgreSQL whenever it answers (which covers the
// PostgreSQL-only tests: races on real connections, several server processes), and the embedded
// default, PGlite, checked by a subset of files that drive every kind of database work.
//
// PostgreSQL is DATABASE_URL if set, else the README's default address.
// - It answers: the whole suite on it and, beside it, PGLITE_SUBSET on PGlite (skipped when
//   DATABASE_URL is set: the caller asked for that server alone).
// - It does not answer: the whole suite on PGlite, then the files holding PostgreSQL-only tests
//   (`skipIf(!onPostgres)`, test/helpers/database.ts) listed, plainly, as skipped.
// The whole suite on PGlite was a second full run of nine minutes on a slow machine for what the
// subset finds: the SQL is the same, and what differs (one connection, the WebAssembly engine,
// the embedded start-up) is met by these files. `npm test -w @keymarket/server` (vitest run, with
// any of vitest's arguments) runs the whole suite on PGlite, or on DATABASE_URL.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The files that run on PGlite as well: first start and migrations, every money movement (orders,
 * idempotent replays, transfers, profit, top-ups, refunds, reconciliation), the key pool and its
 * background import, the catalogue list, two server processes on one embedded database each
 * (a supplier docked), lists and exports, notifications, settings and sign-in.
 */
const PGLITE_SUBSET = [
  'test/first-start.test.ts',
  'test/health.test.ts',
  'test/web-app.test.ts',
  'test/auth-login.test.ts',
  'test/auth-sessions.test.ts',
  'test/orders-place.test.ts',
  'test/orders-smoke.test.ts',
  'test/orders-idempotency.test.ts',
  'test/orders-respond.test.ts',
  'test/orders-list.test.ts',
  'test/balance-transfers.test.ts',
  'test/profit-accruals.test.ts',
  'test/thresholds-convert.test.ts',
  'test/topups.test.ts',
  'test/after-sale.test.ts',
  'test/reconciliation.test.ts',
  'test/ledger-list.test.ts',
  'test/catalogue-products.test.ts',
  'test/catalogue-keys.test.ts',
  'test/catalogue-list-cache.test.ts',
  'test/key-pool.test.ts',
  'test/key-imports.test.ts',
  'test/upstreams-docking.test.ts',
  'test/csv-exports.test.ts',
  'test/analytics-sales.test.ts',
  'test/notifications.test.ts',
  'test/webhooks.test.ts',
  'test/settings-system.test.ts',
  'test/users-admin.test.ts',
  'test/tickets.test.ts',
];
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

/**
 * Runs vitest in the server workspace with `args` and extra `env`; resolves to its exit code.
 * `quiet` keeps its output and resolves to it as well, for printing whole once it is done.
 */
function vitest(args, env = {}, { quiet = false } = {}) {
  const child = spawn(process.execPath, [vitestBin, ...args], {
    cwd: serverRoot,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: withEnv(env),
  });
  const output = [];
  if (quiet)
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => output.push(c));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) })),
  );
}

/** process.env with `changes` applied: an undefined value removes the variable. */
function withEnv(changes) {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Test files (relative to the server workspace) holding tests that run on PostgreSQL only. */
function postgresOnlyFiles() {
  return ['src', 'test']
    .flatMap((dir) =>
      readdirSync(path.join(serverRoot, dir), { recursive: true }).map((file) =>
        path.join(dir, String(file)),
      ),
    )
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) =>
      /skipIf\([^)]*!onPostgres/.test(readFileSync(path.join(serverRoot, file), 'utf8')),
    )
    .sort();
}

/** Undefined when PostgreSQL at `url` answers a query, else why not. */
async function postgresProblem(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    // Connecting to a name with several addresses fails with an AggregateError and no message.
    const reason = error instanceof AggregateError ? error.errors[0] : error;
    return reason instanceof Error ? reason.message || reason.name : String(reason);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL without its password, for printing. */
function shown(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

function banner(lines) {
  const rule = '='.repeat(78);
  console.log(['', rule, ...lines, rule, ''].join('\n'));
}

if (process.argv.length > 2) {
  console.error('scripts/test.mjs takes no arguments: for one file, npx vitest run <file>.');
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const files = postgresOnlyFiles();
const problem = await postgresProblem(databaseUrl);

if (!problem) {
  console.log(`The whole suite on PostgreSQL at ${shown(databaseUrl)}.`);
  if (process.env.DATABASE_URL)
    process.exit((await vitest(['run'], { DATABASE_URL: databaseUrl })).code);
  // Side by side: the suite on PostgreSQL waits on its server and on the processes its tests start
  // for much of its time, and the subset on PGlite (one worker, as its engine is all computation)
  // fills that time. The subset's output follows the suite's, whole.
  const subset = ['run', '--maxWorkers=1', ...PGLITE_SUBSET];
  // An unset DATABASE_URL is what puts the subset on PGlite (test/helpers/database.ts).
  const pglite = vitest(subset, { DATABASE_URL: undefined }, { quiet: true });
  const onPostgres = await vitest(['run'], { DATABASE_URL: databaseUrl });
  const onPglite = await pglite;
  banner([`The embedded database (PGlite): ${PGLITE_SUBSET.length} files, run beside the above`]);
  process.stdout.write(onPglite.output);
  process.exit(onPostgres.code || onPglite.code);
}
console.log(
  `PostgreSQL at ${shown(databaseUrl)} does not answer (${problem}): the suite runs on PGlite, without its PostgreSQL-only tests.`,
);
const onPglite = (await vitest(['run'], { DATABASE_URL: undefined })).code;
banner([
  `SKIPPED: the PostgreSQL-only tests of these ${files.length} files did not run, because`,
  `PostgreSQL at ${shown(databaseUrl)} does not answer (${problem}).`,
  'They are the races on real connections (no key sold twice, no balance below zero, no',
  'deadlock, several server processes). Start PostgreSQL or set DATABASE_URL and run again.',
  '',
  ...files.map((file) => `  ${file}`),
]);
process.exit(onPglite);
