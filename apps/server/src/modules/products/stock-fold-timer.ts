import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { withoutQueryValues } from '../../lib/logged-error';
import { foldStockChanges } from './stock';

/**
 * Runs the fold (`foldStockChanges`) every `intervalMs` (STOCK_FOLD_INTERVAL_MS) in the
 * background, so the changes table stays small: every order reads its product's stock, which
 * sums the pending changes. 100 ms by default rather than a second: at 535 orders a second of one
 * product the read summed up to ~535 rows, and one product's orders went from 535 to 756 a second
 * with the shorter interval (bench/README.md). A failed fold (database down) is logged and tried
 * again next time. The answer stops it, waiting for a fold under way.
 */
export function startStockFolding(
  db: Executor,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= foldStockChanges(db)
      .then(() => undefined)
      .catch((error: unknown) => {
        log.warn({ error: withoutQueryValues(error) }, 'stock fold failed; will retry');
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
