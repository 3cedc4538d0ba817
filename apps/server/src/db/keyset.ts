import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows after the row `id` in a list sorted newest first by `(created_at, id)`, for reading
 * an export batch by batch (lib/csv.ts). The row's position is compared in the database, against
 * the row itself, because a JavaScript Date drops created_at's microseconds.
 */
export function olderThan<T extends PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn }>(
  table: T,
  id: string | bigint,
): SQL {
  const createdAt = sql.identifier('created_at');
  const key = sql.identifier('id');
  // The first condition alone lets an index on created_at start the scan at the row.
  return sql`${table.createdAt} <= (select ${createdAt} from ${table} where ${key} = ${id})
    and (${table.createdAt}, ${table.id}) < (select ${createdAt}, ${key} from ${table} where ${key} = ${id})`;
}
