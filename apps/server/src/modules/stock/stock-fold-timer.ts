import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { startBackgroundFold } from '../../db/background-fold';
import { foldStockChanges, pruneStockLog } from './stock';

const PRUNE_EVERY_MS = 5000;

/**
 * Runs the fold (`foldStockChanges`) every `intervalMs` (STOCK_FOLD_INTERVAL_MS) in the
 * background, so the changes table stays small: every order reads its product's stock, which
 * sums the pending changes. 100 ms by default rather than a second: at 535 orders a second of one
 * product the read summed up to ~535 rows, and one product's orders went from 535 to 756 a second
 * with the shorter interval (bench/results/orders.md). A run every PRUNE_EVERY_MS prunes the log of counter
 * changes too (`pruneStockLog`, which writes nothing but once a minute).
 */
export function startStockFolding(
  db: Executor,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  let pruneAt = 0;
  const foldAndPrune = async (db: Executor) => {
    const folded = await foldStockChanges(db);
    if (Date.now() < pruneAt) return folded;
    pruneAt = Date.now() + PRUNE_EVERY_MS;
    return folded + (await pruneStockLog(db));
  };
  return startBackgroundFold('stock', foldAndPrune, db, log, intervalMs);
}
