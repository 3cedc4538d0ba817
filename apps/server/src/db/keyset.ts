import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

type Timed = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * The rows after the row `id` in a list sorted newest first by `(created_at, id)`, for reading
 * an export batch by batch (lib/csv.ts). The row's position is compared in the database, against
 * the row itself, because a JavaScript Date drops created_at's microseconds.
 */
export function olderThan<T extends Timed>(table: T, id: string | bigint): SQL {
  return beyondRow(table, id, 'older');
}

/** The same for a list sorted oldest first: the rows after `id` are the newer ones. */
export function newerThan<T extends Timed>(table: T, id: string | bigint): SQL {
  return beyondRow(table, id, 'newer');
}

function beyondRow(table: Timed, id: string | bigint, side: 'older' | 'newer'): SQL {
  const createdAt = sql.identifier('created_at');
  const key = sql.identifier('id');
  const [reaches, passes] = side === 'older' ? [sql`<=`, sql`<`] : [sql`>=`, sql`>`];
  // The first condition alone lets an index on created_at start the scan at the row.
  return sql`${table.createdAt} ${reaches} (select ${createdAt} from ${table} where ${key} = ${id})
    and (${table.createdAt}, ${table.id}) ${passes} (select ${createdAt}, ${key} from ${table} where ${key} = ${id})`;
}
