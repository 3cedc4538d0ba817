import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The local PostgreSQL every benchmark uses (trust auth). Benchmarks never leave 127.0.0.1;
 * `BENCH_PG_PORT` picks another cluster on it (one started with other settings, e.g. autovacuum).
 */
export const PG_HOST = '127.0.0.1';
export const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5432);
export const PG_USER = 'postgres';
const MAINTENANCE_URL = `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/postgres`;

export interface BenchDatabase {
  name: string;
  url: string;
  /** A small pool for seeding, checks and sampling (not the server's pool). */
  pool: pg.Pool;
  drop(): Promise<void>;
}

async function withMaintenanceClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: MAINTENANCE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new empty database `km_bench_<random>`; the server migrates it when it starts. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `km_bench_${randomBytes(5).toString('hex')}`;
  await withMaintenanceClient((c) => c.query(`create database ${name}`));
  const url = `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${name}`;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  let dropped = false;
  return {
    name,
    url,
    pool,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      await withMaintenanceClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function serverVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ v: string }>(`select current_setting('server_version') as v`);
  return rows[0]?.v ?? 'unknown';
}

/** Settings that decide what a write-heavy benchmark can reach, printed with the results. */
export async function durabilitySettings(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
     where name in ('synchronous_commit', 'fsync', 'wal_sync_method', 'shared_buffers',
                    'max_connections', 'autovacuum', 'commit_delay')
     order by name`,
  );
  return Object.fromEntries(
    rows.map((r) => [r.name, r.unit ? `${r.setting} (${r.unit})` : r.setting]),
  );
}
