/** Postgres error code of a driver error, whether Drizzle wrapped it or not. */
export function pgErrorCode(error: unknown): string | undefined {
  return databaseError(error)?.code;
}

/**
 * The database's own error inside a driver error. Drizzle wraps the driver's error, and a failed
 * rollback can wrap that again: the first error with a code along the cause chain is it.
 */
function databaseError(error: unknown): { code: string; message?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return current as { code: string; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return e?.constraint ?? e?.cause?.constraint;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isCheckViolation = (error: unknown) => pgErrorCode(error) === '23514';
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
