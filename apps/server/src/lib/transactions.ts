import { isRetryableTransactionError } from './pg-errors';

const MAX_ATTEMPTS = 4;

/**
 * Runs a whole transaction again when PostgreSQL aborts it as a deadlock victim or a serialization
 * failure. Such an abort rolled everything back, so a retry is safe; the loser of a race then
 * gets the answer its turn deserves instead of a 500.
 */
export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}
