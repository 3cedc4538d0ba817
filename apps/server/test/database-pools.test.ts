import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import { queryRows } from './helpers/money';

const LOCK = 7_301_845_113;

/**
 * The batched reads (session and API-key checks, products, pricing chains) have a pool of their
 * own: they must not queue behind order writes, which hold every connection of the order path's
 * pool under load. PostgreSQL only: PGlite has one connection for everything.
 */
describe.skipIf(!onPostgres)('the connection pools', () => {
  let owner: DatabaseHandle;
  let handle: DatabaseHandle;
  let holder: pg.Client;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    owner = fresh.database;
    // 8 in all: 4 for the order path's named statements, 1 for batched reads, 3 for the rest.
    handle = await openDatabase({ kind: 'postgres', url: fresh.url, poolMax: 8 });
    holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
  }, 60_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await holder?.end();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await handle?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await owner?.close();
  });

  // Asked on the main pool: the holder's open transaction would see one snapshot of the activity.
  const waitingForTheLock = async () =>
    (
      await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query like '%pg_advisory_xact_lock%'`,
      )
    )[0]!.n;

  it('answers a batched read while every connection of the order path waits', async () => {
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock($1)', [LOCK]);
    const blocked = Array.from({ length: 4 }, () =>
      queryRows(handle.preparedStatements, sql`select pg_advisory_xact_lock(${LOCK})`),
    );
    try {
      // All four connections of the order path's pool are taken, each waiting for the lock.
      await expect.poll(waitingForTheLock, { timeout: 10_000 }).toBe(4);
      const read = queryRows<{ one: number }>(handle.batchedReads, sql`select 1 as one`);
      // On the order path's pool the read would wait for the lock too: never answered here.
      const answer = await Promise.race([
        read,
        new Promise<'still waiting'>((resolve) =>
          setTimeout(() => resolve('still waiting'), 5_000),
        ),
      ]);
      expect(answer).toEqual([{ one: 1 }]);
    } finally {
      await holder.query('commit');
      await Promise.all(blocked);
    }
  });
});
