/** What the code reads of an error or one of its causes (driver errors carry more). */
export interface ErrorLike {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  hint?: unknown;
  query?: unknown;
  cause?: unknown;
}

// Deep enough for a driver error wrapped by Drizzle and again by a failed rollback; a bound,
// since a cause chain may loop.
const MAX_CAUSES = 5;

/** An error and its causes, outermost first: the one walk every lookup below goes through. */
export function* causeChain(error: unknown): Generator<ErrorLike> {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && typeof current === 'object' && current; depth += 1) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

/** The database's own error inside a driver error: the first along the cause chain with a code. */
function databaseError(error: unknown): (ErrorLike & { code: string }) | undefined {
  for (const each of causeChain(error)) {
    if (typeof each.code === 'string') return each as ErrorLike & { code: string };
  }
  return undefined;
}

/** Postgres error code of a driver error, whether Drizzle wrapped it or not. */
export function pgErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

export function pgConstraint(error: unknown): string | undefined {
  const constraint = databaseError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
/** Serialization failure or deadlock: safe to retry the whole transaction. */
export const isRetryableTransactionError = (error: unknown) =>
  pgErrorCode(error) === '40001' || pgErrorCode(error) === '40P01';

/** SQLSTATE of `keymarket_refuse` (migration 0005): a statement refused its own writes. */
const REFUSAL_CODE = 'KM001';

/** The reason a statement gave `keymarket_refuse`, or undefined for any other error. */
export function refusalOf(error: unknown): string | undefined {
  const found = databaseError(error);
  return found?.code === REFUSAL_CODE && typeof found.message === 'string'
    ? found.message
    : undefined;
}
