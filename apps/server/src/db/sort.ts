import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { newerThan, olderThan } from './keyset';
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

type Timed = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * The ORDER BY of a list whose sorts reverse as a whole: ties follow the sort's direction
 * (ascending: oldest first; descending, and unsorted: newest first), so `sort=x` is `sort=-x`
 * read backwards. One index on `(column, created_at, id)` then gives a page in either direction,
 * read forwards or backwards; with ties always newest first, an ascending sort of a column with
 * few values (an order's quantity or status) sorted most of the table (bench/results/ledger-and-orders-pages.md). `columns` are of `table`.
 */
export function sortedWhole<Column extends string>(
  sort: Sort<Column> | undefined,
  columns: Record<Column, AnyPgColumn>,
  table: Timed,
): SQL[] {
  const direction = sort?.direction === 'asc' ? asc : desc;
  const ties = [direction(table.createdAt), direction(table.id)];
  if (!sort || columns[sort.by] === table.createdAt) return ties;
  return [direction(columns[sort.by]), ...ties];
}

/** `sortedAfter` for a list ordered by `sortedWhole`: among ties, older or newer by direction. */
export function sortedWholeAfter<Column extends string>(
  sort: Sort<Column> | undefined,
  columns: Record<Column, AnyPgColumn>,
  table: Timed,
  id: string,
): SQL {
  if (sort?.direction !== 'asc') return sortedAfter(sort, columns, table, id);
  const column = columns[sort.by];
  const its = sql`(select ${column} from ${table} where ${table.id} = ${id})`;
  return sql`(${column} > ${its} or (${column} = ${its} and ${newerThan(table, id)}))`;
}
