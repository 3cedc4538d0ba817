// npm test for the server: the whole suite, and the PostgreSQL-only tests on PostgreSQL whenever
// it answers, so that a green run never hides that the races were not run.
//
// PostgreSQL is DATABASE_URL if set, else the README's default address.
// - It answers and DATABASE_URL is set: one run of the whole suite on it, which covers the
//   PostgreSQL-only tests.
// - It answers and DATABASE_URL is not set: the whole suite on PGlite, then the files holding
//   PostgreSQL-only tests (`skipIf(!onPostgres)`, test/helpers/database.ts) on PostgreSQL.
// - It does not answer: the whole suite on PGlite, then those files listed, plainly, as skipped.
// The root `npm test` runs this; `npm test -w @keymarket/server` (vitest run, with any of vitest's
// arguments) and `npm run test:pg` (the whole suite on PostgreSQL, or a failure) run vitest alone.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

/** Runs vitest in the server workspace with `args` and extra `env`; answers its exit code. */
function vitest(args, env = {}) {
  const run = spawnSync(process.execPath, [vitestBin, ...args], {
    cwd: serverRoot,
    stdio: 'inherit',
    env: withEnv(env),
  });
  return run.status ?? 1;
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

if (!problem && process.env.DATABASE_URL) {
  console.log(`The whole suite on PostgreSQL at ${shown(databaseUrl)}.`);
  process.exit(vitest(['run']));
}

console.log(
  problem
    ? `PostgreSQL at ${shown(databaseUrl)} does not answer (${problem}): the suite runs on PGlite, without its PostgreSQL-only tests.`
    : `The suite on PGlite, then the ${files.length} files with PostgreSQL-only tests on ${shown(databaseUrl)}.`,
);
// An unset DATABASE_URL is what puts the suite on PGlite (test/helpers/database.ts).
const onPglite = vitest(['run'], { DATABASE_URL: undefined });
if (problem) {
  banner([
    `SKIPPED: the PostgreSQL-only tests of these ${files.length} files did not run, because`,
    `PostgreSQL at ${shown(databaseUrl)} does not answer (${problem}).`,
    'They are the races on real connections (no key sold twice, no balance below zero, no',
    'deadlock, several server processes). Start PostgreSQL or set DATABASE_URL and run again.',
    '',
    ...files.map((file) => `  ${file}`),
  ]);
  process.exit(onPglite);
}

banner([`PostgreSQL-only tests on ${shown(databaseUrl)}: ${files.length} files`]);
const onPostgres = vitest(['run', ...files], { DATABASE_URL: databaseUrl });
process.exit(onPglite || onPostgres);
