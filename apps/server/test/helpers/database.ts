import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';

/** True when the suite runs against a real PostgreSQL (DATABASE_URL set), false on PGlite. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * created on the DATABASE_URL server and dropped afterwards, so runs never see each other's data.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // A copy of the run's migrated template (test/global-setup.ts); migrating again finds nothing to do.
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ kind: 'pglite', loadDataDir: template });
  }
  return (await freshPostgresDatabase(url)).database;
}

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl`, with its own URL so that
 * server processes started by a test can connect to it too. Closing the handle drops it.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ database: DatabaseHandle; url: string }> {
  const name = `km_test_${randomBytes(6).toString('hex')}`;
  // The run's migrated template when it lives on this server (test/global-setup.ts); migrating
  // the copy below then finds nothing to do.
  const template = inject('postgresTemplate');
  const copyOf = template?.serverUrl === serverUrl ? ` template ${template.name}` : '';
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`create database ${name}${copyOf}`);
    // A test database outlives no crash of PostgreSQL itself, so its commits need not wait for
    // the disk: the suite's thousands of small transactions otherwise queue on fsync. Locks,
    // isolation and visibility are unchanged (the fault tests that restart a server use a
    // private cluster of their own, with its defaults).
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolMax: 30 });
  const database: DatabaseHandle = {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
  return { database, url: dbUrl.toString() };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
