/**
 * Statements rendered once per shape. A hot statement whose text changes with a few facts of each
 * call (its shape: which parts it carries, how many of a repeated part) and whose values change on
 * every call is built with `sql.placeholder(name)` for each value, rendered once per shape (the
 * SQL tree, Drizzle's `sqlToQuery`, `statementName`'s digest), and sent as that text with the
 * call's values filled in by name (`preparedRenderedRowsOf`). Building and rendering the order
 * statement afresh on each order was a tenth of the server's CPU under load (bench/README.md,
 * Orders).
 *
 * THE INVARIANT. A shape's text must be a function of the shape alone: the function that builds
 * it gets the shape and placeholders, never a call's values, so a fact that changes the text has
 * to be a field of the shape. Every value travels as a placeholder filled per call; one missing
 * from a call's values is an error (Drizzle's `fillPlaceholders`), never a silent null.
 */
import { fillPlaceholders, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { statementName, type RenderedStatement } from './client';

/** A statement's value, or the placeholder a statement rendered once per shape has for it. */
export type OrPlaceholder<T> = T | Placeholder;

/** `T` with each of its fields a value or a placeholder (`OrPlaceholder`). */
export type OrPlaceholders<T> = { [K in keyof T]: OrPlaceholder<T[K]> };

// The app's Drizzle clients (client.ts) are made without options that change rendering (no
// `casing`), so this dialect renders a statement as theirs would.
const dialect = new PgDialect();

/** `query`'s text, its parameters in `$n` order (values and placeholders), and its name. */
export function renderStatement(query: SQL): RenderedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  // Shared by every call of the shape: frozen, so nothing can change it for the next one.
  return { sql, params: Object.freeze(params), name: statementName(sql) };
}

/** A rendered statement's parameters with `values` in place of its placeholders, by name. */
export function boundParams(
  statement: RenderedStatement,
  values: Record<string, unknown>,
): unknown[] {
  return fillPlaceholders(statement.params as unknown[], values);
}

/**
 * The statements `build` makes, rendered on first use of each shape and kept. A shape is a small
 * object of booleans, short strings and counts; its JSON is its key, so every field of it tells
 * shapes apart. The map holds one entry per shape ever seen: a handful in practice, bounded by
 * the fields' ranges (the same statements each stay prepared on every pooled connection anyway).
 */
export function shapedStatements<Shape extends object>(
  build: (shape: Shape) => SQL,
): {
  of(shape: Shape): RenderedStatement;
  /** How many shapes have been rendered (tests). */
  readonly size: number;
} {
  const rendered = new Map<string, RenderedStatement>();
  return {
    of(shape) {
      const key = JSON.stringify(shape);
      let statement = rendered.get(key);
      if (!statement) {
        statement = renderStatement(build(shape));
        rendered.set(key, statement);
      }
      return statement;
    },
    get size() {
      return rendered.size;
    },
  };
}
