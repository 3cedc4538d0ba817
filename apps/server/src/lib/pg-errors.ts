/** Postgres error code of a driver error, whether Drizzle wrapped it or not. */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
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
