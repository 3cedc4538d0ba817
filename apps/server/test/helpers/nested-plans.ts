import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from '../../src/db/client';

/**
 * The plans of every statement `statement` runs, those inside database functions included, as
 * PostgreSQL's auto_explain prints them (PostgreSQL only: PGlite has no auto_explain). Generic
 * plans, as the order path's pool makes them (db/client.ts); run in a transaction rolled back,
 * so nothing of it stays, and a refused order still shows the plans of the steps it ran.
 */
export async function nestedPlans(db: Database, statement: SQL): Promise<string> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const query = new PgDialect().sqlToQuery(statement);
  const client = await pool.connect();
  const notices: string[] = [];
  const listen = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', listen);
  try {
    await client.query('begin');
    await client.query("load 'auto_explain'");
    await client.query('set local auto_explain.log_min_duration = 0');
    await client.query('set local auto_explain.log_nested_statements = on');
    await client.query("set local auto_explain.log_level = 'notice'");
    await client.query('set local plan_cache_mode = force_generic_plan');
    // A refusal (KM001) comes after the statements it was refused by have run and been printed.
    await client.query(query.sql, query.params).catch((error: { code?: string }) => {
      if (error.code !== 'KM001') throw error;
    });
    return notices.join('\n');
  } finally {
    await client.query('rollback');
    client.off('notice', listen);
    client.release();
  }
}
