/**
 * The row of a statement that always yields exactly one: an insert … returning, an aggregate
 * without group by. None means the statement or the schema is broken, not that a record is
 * missing, so this throws (a 500) instead of letting `undefined` travel on as a row.
 */
export function oneRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('A statement that always returns a row returned none');
  return row;
}
