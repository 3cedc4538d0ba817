import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { olderThan } from './keyset';
import type { Sort } from '@keymarket/contracts/pagination';

/**
 * The ORDER BY of a sortable list: the column the user chose (`?sort=`, contracts'
 * `sortParam`), then the list's own order, which ends on a unique column so that pages never
 * repeat or skip a row among equal values. Without a choice, the list's own order alone.
 */
export function sortedBy<Column extends string>(
  sort: Sort<Column> | undefined,
  columns: Record<Column, AnyPgColumn | SQL>,
  listOrder: SQL[],
): SQL[] {
  if (!sort) return listOrder;
  const direction = sort.direction === 'desc' ? desc : asc;
  return [direction(columns[sort.by]), ...listOrder];
}

/**
 * The rows after the row `id` in a list ordered by `sortedBy(sort, columns, newest first)`, for
 * reading an export batch by batch (lib/csv.ts): past the row's value of the sorted column, or
 * equal to it and older (`olderThan`). The row's value is read in the database, against the row
 * itself: `columns` are of `table` (or expressions over its row), which the subquery names again,
 * so a column, or an expression such as a count of the row's orders, reads the row `id`.
 */
export function sortedAfter<Column extends string>(
  sort: Sort<Column> | undefined,
  columns: Record<Column, AnyPgColumn | SQL>,
  table: PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn },
  id: string,
): SQL {
  if (!sort) return olderThan(table, id);
  const column = columns[sort.by];
  const its = sql`(select ${column} from ${table} where ${table.id} = ${id})`;
  const beyond = sort.direction === 'desc' ? sql`${column} < ${its}` : sql`${column} > ${its}`;
  return sql`(${beyond} or (${column} = ${its} and ${olderThan(table, id)}))`;
}
