/** What the code reads of an error or one of its causes (driver errors carry more). */
export interface ErrorLike {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  hint?: unknown;
  detail?: unknown;
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
    yield current;
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

/** The DETAIL a refusal carried (`limit_exceeded` names its limit there), or undefined. */
export function refusalDetailOf(error: unknown): string | undefined {
  const found = databaseError(error);
  return found?.code === REFUSAL_CODE && typeof found.detail === 'string'
    ? found.detail
    : undefined;
}

/** Node's socket errors for a database that is gone or not answering. */
const lostSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * SQLSTATEs of a database that went away or cannot take the work now, rather than of a bug:
 * 57P01 terminated by the administrator (a fast shutdown, Patroni demoting a primary), 57P02 crash
 * of another backend, 57P03 cannot connect now (starting, in recovery), 25006 a write sent to a
 * server that has turned read-only (a demoted primary, a standby behind a stale route). The whole
 * 08 class (connection exceptions) is matched below.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '25006']);

/**
 * What node-postgres and the pool say when the socket ends under them; they carry no code.
 * "not queryable": a client whose connection already broke; "Connection ended": one ended
 * while a query waited; "timeout exceeded when trying to connect": the pool's wait for a
 * connection ran out (`CONNECT_TIMEOUT_MS` in db/client.ts).
 */
const lostConnectionText =
  /Connection terminated|connection timeout|not queryable|Connection ended|terminating connection|timeout exceeded when trying to connect/i;

/**
 * True for a connection-level failure (server down, restarting, failing over, turned read-only)
 * rather than a bug. Drizzle wraps the driver's error (`cause`), and a transaction cut mid-way
 * fails again on its rollback, so the whole cause chain is searched. The transaction it cut is
 * rolled back by the server (a write never half happens), so the request may be tried again.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string') {
      if (lostSocketCodes.has(code) || unavailableStates.has(code)) return true;
      if (code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && lostConnectionText.test(message)) return true;
  }
  return false;
}
