import type { FastifyBaseLogger } from 'fastify';
import { withoutQueryValues } from '../lib/logged-error';
import type { Executor } from './client';

/**
 * Runs `fold` every `intervalMs` in the background: the stock fold (stock/stock.ts) and the
 * profit fold (ledger/profit-accruals.ts), which move rows appended by sales into their counters
 * so the append tables stay small. One run at a time per fold; a failed run (database down, a
 * deadlock with an administrator's change) is logged and tried again next time. The answer stops
 * it, waiting for a run under way.
 */
export function startBackgroundFold(
  what: string,
  fold: (db: Executor) => Promise<number>,
  db: Executor,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= fold(db)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn({ error: withoutQueryValues(error) }, `${what} fold failed; will retry`);
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
