import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { startBackgroundFold } from '../../db/background-fold';
import { foldStockChanges } from './stock';

/**
 * Runs the fold (`foldStockChanges`) every `intervalMs` (STOCK_FOLD_INTERVAL_MS) in the
 * background, so the changes table stays small: every order reads its product's stock, which
 * sums the pending changes. 100 ms by default rather than a second: at 535 orders a second of one
 * product the read summed up to ~535 rows, and one product's orders went from 535 to 756 a second
 * with the shorter interval (bench/README.md).
 */
export function startStockFolding(
  db: Executor,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  return startBackgroundFold('stock', foldStockChanges, db, log, intervalMs);
}
