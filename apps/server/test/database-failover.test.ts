import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type DatabaseHandle } from '../src/db/client';
import { ReadRouting, replicationLagMs, writerFor } from '../src/db/read-routing';
import { registerErrorHandler } from '../src/plugins/app/error-handler';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import { expectError } from './helpers/expect-error';
import { freePort } from './helpers/server-process';

/**
 * DESIGN.md §15 at the scale of one process: how a failover shows in a request, and where the
 * reads that tolerate lag go. `npm run test:ha` proves the whole through a real Patroni failover.
 */

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again.';

describe('a database connection lost in the middle of a request', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  // What node-postgres raises when a primary is killed, demoted or replaced behind HAProxy.
  const failures: Record<string, Error> = {
    killed: withCode('terminating connection due to administrator command', '57P01'),
    crashed: withCode('terminating connection because of crash of another server process', '57P02'),
    starting: withCode('the database system is starting up', '57P03'),
    'turned read-only': withCode('cannot execute INSERT in a read-only transaction', '25006'),
    'connection failure': withCode('connection to server was lost', '08006'),
    reset: withCode('read ECONNRESET', 'ECONNRESET'),
    cut: new Error('Connection terminated unexpectedly'),
    'pool wait ran out': new Error('timeout exceeded when trying to connect'),
  };

  it('answers 503 unavailable with Retry-After, never 500, whichever way it shows', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/api/fail/:how', (request) => {
      const cause = failures[(request.params as { how: string }).how]!;
      // As a transaction cut mid-way reaches the handler: the query's error, wrapped by Drizzle.
      throw new DrizzleQueryError('insert into "orders" values ($1)', ['secret'], cause);
    });
    for (const how of Object.keys(failures)) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/fail/${encodeURIComponent(how)}`,
      });
      expectError(response, 503, 'unavailable', UNAVAILABLE);
      expect(response.headers['retry-after'], how).toMatch(/^\d+$/);
    }
    await app.close();
  });
});

describe('where a read that tolerates lag goes', () => {
  const primary = { name: 'primary' };
  const replicaDb = { name: 'replica' };
  /** A routing over a replica whose lag (or failure) the test sets, on a clock it moves. */
  const routing = () => {
    const state = { lagMs: 0 as number | Error, checks: 0, now: 0 };
    const reads = new ReadRouting(
      primary,
      {
        db: replicaDb,
        lagMs: async () => {
          state.checks += 1;
          if (state.lagMs instanceof Error) throw state.lagMs;
          return state.lagMs;
        },
        maxLagMs: 5000,
      },
      1000,
      () => state.now,
    );
    return { reads, state };
  };

  it('reads the replica while it is close behind, the primary once it lags too far', async () => {
    const { reads, state } = routing();
    expect(await reads.reader()).toBe(replicaDb);
    state.lagMs = 5001;
    state.now += 1000;
    expect(await reads.reader()).toBe(primary);
    state.lagMs = 5000;
    state.now += 1000;
    expect(await reads.reader()).toBe(replicaDb);
  });

  it('reads the primary while the replica is down', async () => {
    const { reads, state } = routing();
    state.lagMs = new Error('connect ECONNREFUSED');
    expect(await reads.reader()).toBe(primary);
    state.lagMs = 0;
    state.now += 1000;
    expect(await reads.reader()).toBe(replicaDb);
  });

  it('measures the lag once a period, however many requests ask', async () => {
    const { reads, state } = routing();
    await Promise.all(Array.from({ length: 20 }, () => reads.reader()));
    expect(state.checks).toBe(1);
    state.now += 999;
    await reads.reader();
    expect(state.checks).toBe(1);
    state.now += 1;
    await reads.reader();
    expect(state.checks).toBe(2);
  });

  it('reads and writes the primary when there is no replica', async () => {
    const reads = new ReadRouting(primary);
    expect(await reads.reader()).toBe(primary);
    expect(writerFor(primary)).toBe(primary);
    // A read path that has to write (the analytics rollup) writes through the replica's primary.
    routing();
    expect(writerFor(replicaDb)).toBe(primary);
  });
});

describe.skipIf(!onPostgres)('read routing on PostgreSQL', () => {
  let url: string;
  let plain: DatabaseHandle;
  const opened: DatabaseHandle[] = [];
  const open = async (readUrl: string) => {
    const handle = await openDatabase({
      kind: 'postgres',
      url,
      poolMax: 4,
      read: { url: readUrl, maxLagMs: 5000 },
    });
    opened.push(handle);
    return handle;
  };
  const serverAddress = (db: Database) =>
    rowsOf<{ name: string }>(db, sql`select current_database() as name`);

  beforeAll(async () => {
    ({ database: plain, url } = await freshPostgresDatabase(process.env.DATABASE_URL!));
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await plain?.close();
  });

  it('finds a server that is not in recovery not behind at all', async () => {
    expect(await replicationLagMs(plain.db)).toBe(0);
  });

  it('reads a reachable replica over a pool of its own', async () => {
    // The same server stands for the replica: not in recovery, so never behind.
    const database = await open(url);
    const reader = await database.reads.reader();
    expect(reader).not.toBe(database.db);
    expect(writerFor(reader)).toBe(database.db);
    expect((await serverAddress(reader))[0]?.name).toMatch(/^km_test_/);
  });

  it('reads the primary when the replica cannot be reached, without waiting on it', async () => {
    const nobody = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const database = await open(nobody);
    const started = Date.now();
    expect(await database.reads.reader()).toBe(database.db);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reads the primary without DATABASE_READ_URL', async () => {
    expect(await plain.reads.reader()).toBe(plain.db);
  });
});
