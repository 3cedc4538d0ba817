/** An error as the log keeps it: no values a failed query was sent with. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  query?: string;
  cause?: LoggedError;
}

/**
 * The error and its causes as the log may keep them. Drizzle writes a failed query's values into
 * its message ("params: …") and keeps them in `params`: an upload's bytes, a key's ciphertext, an
 * email. Only the SQL text (with its placeholders) and the driver's own error are kept.
 */
export function withoutQueryValues(error: unknown, depth = 0): LoggedError | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const query = (error as { query?: unknown }).query;
  const hasValues = 'params' in error && typeof query === 'string';
  const message = hasValues ? `Failed query: ${query}` : error.message;
  const stackFrames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames].join('\n'),
    ...(code === undefined ? {} : { code }),
    ...(hasValues ? { query } : {}),
    ...(error.cause === undefined ? {} : { cause: withoutQueryValues(error.cause, depth + 1) }),
  };
}

/** The logger's `err` serializer: every error logged as `err` is kept as `withoutQueryValues` keeps it. */
export function loggedErr(error: Error): LoggedError & { stack: string; [field: string]: unknown } {
  const logged = withoutQueryValues(error) ?? { type: 'Error', message: String(error) };
  return { ...logged, stack: logged.stack ?? '' };
}
