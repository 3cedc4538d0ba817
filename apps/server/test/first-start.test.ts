import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from './helpers/server-process';

const ADMIN_PASSWORD = 'First-Start-Passw0rd!';

/** Runs `sql` on the server of DATABASE_URL, outside any test database. */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * `npm start` on two instances at once against a new, empty PostgreSQL database (docs/operations.md,
 * Several instances): both migrate (one after the other) and both look for the first admin. They
 * must both come up with one admin between them, and nothing either prints may carry the admin's
 * password or its hash, whatever went wrong.
 */
describe.skipIf(!process.env.DATABASE_URL)('two instances starting on an empty database', () => {
  const name = `km_test_${randomBytes(6).toString('hex')}`;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it('both come up, with exactly one first admin, and log no password nor hash', async () => {
    await onServer(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_MAX: '4',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
    };
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    servers.push(new ServerProcess(firstPort, env), new ServerProcess(secondPort, env));

    const started = await Promise.allSettled(servers.map((server) => server.start()));

    const logs = servers.map((server) => server.log).join('\n');
    expect(logs).not.toContain('$argon2');
    expect(logs).not.toContain(ADMIN_PASSWORD);
    expect(started.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from users where role = 'admin'",
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});
