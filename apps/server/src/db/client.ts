import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type {
  PgDatabase,
  PgDialect,
  PgQueryResultHKT,
  PgSession,
  PgTransaction,
} from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDataDirLock } from './data-dir-lock';
import { listenPostgres, type ChannelListener } from './listen';
import { ReadRouting, replicationLagMs } from './read-routing';

export type Schema = typeof schema;
/** The common face of the PGlite and node-postgres Drizzle clients. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

/** The rows of a raw query: both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * `rowsOf`, sent as a named prepared statement: PostgreSQL parses and plans it once per pooled
 * connection instead of on every call (on the order path planning was half of PostgreSQL's time,
 * bench/results/orders.md). The name is a digest of the text, so one name never stands for two
 * texts. Only for hot statements with few distinct texts: each stays prepared on every pooled
 * connection for the connection's life. PGlite ignores the name.
 */
export async function preparedRowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  // Drizzle prepares named statements only through its query builders; `execute` always sends
  // them unnamed. These are the same two members the builders' `prepare` uses.
  const { dialect, session } = db as unknown as {
    dialect: PgDialect;
    session: PgSession;
  };
  const built = dialect.sqlToQuery(query);
  const result = await session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute();
  return (result as { rows: T[] }).rows;
}

/** A prepared statement's name for `text`: the same text, the same name, on every process. */
function statementName(text: string): string {
  return `km_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * For the order path's named statements only (the order write, `preparedRowsOf`, builders'
   * `.prepare`): on PostgreSQL a pool of its own whose connections plan named statements once,
   * generically. The setting would apply to every parameterised statement of a connection, so
   * the lists and searches, whose best plan depends on their values, stay on `db`. PGlite: the
   * same as `db`.
   */
  preparedStatements: Database;
  /**
   * For the reads batched across the requests of an event-loop turn (`lib/batched-lookup.ts`:
   * the session and API-key checks, the product, the pricing chain, the sellers' prices), named
   * statements too: on PostgreSQL a small pool of its own, planned like `preparedStatements`.
   * On the order path's pool they queued behind the order writes, each holding its connection
   * for a whole statement and commit, and one late batch held up every request waiting on it.
   * PGlite: the same as `db`.
   */
  batchedReads: Database;
  /**
   * Where the reads that tolerate lag go (`read-routing.ts`): the replica at DATABASE_READ_URL
   * while it is up and close behind, else `db`. Without a replica (and on PGlite), always `db`.
   */
  reads: ReadRouting<Database>;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Hears `channel`'s NOTIFY payloads, on PostgreSQL over a connection of its own
   * (`listen.ts`), on PGlite in process. Answers how to stop.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, for `loadDataDir` (the tests' template). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      /** A replica for the reads that tolerate lag (DATABASE_READ_URL), and how far behind. */
      read?: { url: string; maxLagMs: number };
    }
  /**
   * `dataDir` undefined: in memory (tests). `loadDataDir`: start from a dump of an already
   * migrated database (`dumpDataDir`), about a second where initdb and every migration take ten
   * or more; the tests' databases are made this way from one template per run.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** drizzle/ sits beside src/ in development and beside dist/ once built. */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(' or ')}`);
  return found;
}

/** How long a request waits for a new connection before it answers 503 (a server gone). */
const CONNECT_TIMEOUT_MS = 10_000;

// Two instances starting at once on one PostgreSQL must not both run the migrations.
const MIGRATION_LOCK_ID = 7_301_845_112;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolMax, options.read)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(
  url: string,
  poolMax: number,
  read: { url: string; maxLagMs: number } | undefined,
): Promise<DatabaseHandle> {
  // DATABASE_POOL_MAX is the process's total: half for the order path's named statements, an
  // eighth for the batched reads, the rest for everything else; at least one connection each.
  const preparedMax = Math.max(1, Math.round(poolMax / 2));
  const batchedReadsMax = Math.max(1, Math.round(poolMax / 8));
  // Settings every new connection gets before the pool hands it out (`onConnect` is awaited). A
  // SET sent from the 'connect' event instead raced the caller's first query on the same client,
  // which pg 8 warns about and pg 9 will refuse. Sent after the connection's start-up, so a
  // DATABASE_URL with its own `options` cannot undo them
  // (docs/adr/0014-database-pools-and-generic-plans.md).
  const settingUp = (settings: string) => async (client: pg.ClientBase) => {
    // A connection losing its server (restart, failover) must not crash the process. The pool
    // only listens on idle clients; a client checked out for a transaction emits 'error' between
    // two of its queries, with no listener, unless each client gets one of its own. The query in
    // flight still fails (the request answers 503) and the pool discards the broken client.
    client.on('error', () => {});
    await client.query(settings);
  };
  // No JIT compilation: this server's queries are short, and once a table of pending rows (stock
  // changes, margins) skews an estimate past the JIT threshold, compiling cost a whole-table read
  // 216-339 ms more than running it (bench/results/scale.md).
  const noJit = 'set jit = off';
  const poolOf = (max: number, settings: string, connectionString = url) =>
    new pg.Pool({
      connectionString,
      max,
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool waits for the promise (its types say void)
      onConnect: settingUp(settings),
      // A failover (docs/operations.md) must not leave requests waiting for ever on a connection
      // to a server that is gone: the wait ends, the request answers 503 and may be tried again.
      // Keep-alive notices a server that vanished without closing its sockets.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
  const pool = poolOf(Math.max(1, poolMax - preparedMax - batchedReadsMax), noJit);
  // Left to itself (`auto`) PostgreSQL kept planning the order's write afresh on every call,
  // guessing its `LIMIT $n` at a tenth of the table; forced, each named statement is planned
  // once per connection.
  const genericPlans = `${noJit}; set plan_cache_mode = force_generic_plan`;
  const preparedPool = poolOf(preparedMax, genericPlans);
  const batchedReadsPool = poolOf(batchedReadsMax, genericPlans);
  // The replica's pool is on another server: it takes nothing from the primary's connections.
  const replicaPool = read
    ? poolOf(Math.max(2, Math.round(poolMax / 4)), noJit, read.url)
    : undefined;
  const pools = [pool, preparedPool, batchedReadsPool, ...(replicaPool ? [replicaPool] : [])];
  for (const each of pools) each.on('error', () => {});
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const replicaDb = replicaPool && (drizzlePg(replicaPool, { schema }) as unknown as Database);
  return {
    db,
    reads: new ReadRouting(
      db,
      replicaDb && read
        ? { db: replicaDb, lagMs: () => replicationLagMs(replicaDb), maxLagMs: read.maxLagMs }
        : undefined,
    ),
    preparedStatements: drizzlePg(preparedPool, { schema }) as unknown as Database,
    batchedReads: drizzlePg(batchedReadsPool, { schema }) as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: async () => {
      await Promise.all(pools.map((each) => each.end()));
    },
  };
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  try {
    // pg_trgm backs the search indexes (migration 0001); PGlite loads extensions at start.
    const extensions = { pg_trgm };
    const client = dataDir
      ? new PGlite(path.join(dataDir, 'pglite'), { extensions })
      : new PGlite({ extensions, loadDataDir });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      preparedStatements: db as unknown as Database,
      batchedReads: db as unknown as Database,
      reads: new ReadRouting(db),
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: async (channel, listener) => {
        const stop = await client.listen(channel, (payload) => listener.message(payload));
        // A database closed first (the readiness test does) took its listeners with it, and
        // UNLISTEN on it would throw.
        return async () => {
          if (!client.closed) await stop();
        };
      },
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
