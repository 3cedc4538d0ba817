import type { FastifyInstance } from 'fastify';
import { WEBHOOK_MAX_ATTEMPTS } from '@keymarket/contracts/integration';
import type { AppContext } from '../../app-context';
import { startBackgroundFold } from '../../db/background-fold';
import type { HandlersInFlight } from '../../lib/handlers-in-flight';
import { emailConsumer } from '../../modules/email/email-consumer';
import { foldProfitAccruals } from '../../modules/ledger/profit-accruals';
import { LIVE_CHANNEL } from '../../modules/notifications/live-signals';
import { OUTBOX_PURGE, startOutboxWorker } from '../../modules/outbox/outbox-worker';
import { startStockFolding } from '../../modules/stock/stock-fold-timer';
import { startUpstreamSync, UpstreamSync } from '../../modules/upstreams/upstream-sync';
import { webhookConsumer } from '../../modules/webhooks/webhook-consumer';
import { WEBHOOK_TIMEOUT_MS } from '../../modules/webhooks/webhook-sender';

/**
 * How long shutdown waits for the checks and handlers of requests whose client hung up, within
 * close-with-grace's 10 s (main.ts).
 */
const HANDLERS_SETTLE_MS = 5000;

/**
 * What runs beside the requests: the live signals' LISTEN, the stock and profit folds, the outbox
 * worker. Started once every route is registered. Fastify runs onClose hooks last added first, so
 * shutdown stops the outbox worker, then the folds, then the live signals (open streams end
 * before that, at preClose), writes the product lists out, and closes the mailer last.
 */
export async function startBackgroundWork(
  app: FastifyInstance,
  ctx: AppContext,
  handlersInFlight: HandlersInFlight,
): Promise<void> {
  const { db, env, mailer, vault } = ctx;
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook's done callback unless it returns a promise
  if (mailer) app.addHook('onClose', async () => mailer.close());
  // What the list cache would write to DATA_DIR a moment later, written before the server stops.
  app.addHook('onClose', () => ctx.listCache.flush());

  // One LISTEN per process feeds every live stream it serves (DESIGN.md §12).
  const stopListening = await ctx.database.listen(LIVE_CHANNEL, ctx.live.hub);
  // Open streams would keep the server from closing: they end first, and browsers reconnect.
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook's done callback unless it returns a promise
  app.addHook('preClose', async () => ctx.live.hub.endAll());
  app.addHook('onClose', async () => {
    // A client that hung up leaves its check and handler running: what they publish goes out too.
    if (!(await handlersInFlight.settled(HANDLERS_SETTLE_MS))) {
      app.log.warn({ handlers: handlersInFlight.size }, 'closing with handlers still running');
    }
    await ctx.live.publisher.drain();
    await stopListening();
  });

  app.addHook('onClose', startStockFolding(db, app.log, env.STOCK_FOLD_INTERVAL_MS));
  app.addHook(
    'onClose',
    startBackgroundFold('profit', foldProfitAccruals, db, app.log, env.PROFIT_FOLD_INTERVAL_MS),
  );
  // Docked products follow their upstream's prices, stock and catalogue (DESIGN.md §14).
  app.addHook(
    'onClose',
    startUpstreamSync(
      new UpstreamSync(db, vault, ctx.urlRules, ctx.shared.upstreamPurchases, env.PUBLIC_URL),
      app.log,
      env.UPSTREAM_SYNC_INTERVAL_MS,
    ),
  );
  // A supplier's answers to the reports it holds, when their event was missed (DESIGN.md §14).
  app.addHook(
    'onClose',
    startBackgroundFold(
      'upstream answers',
      () => ctx.shared.upstreamAfterSale.pollAnswers(),
      db,
      app.log,
      env.UPSTREAM_SYNC_INTERVAL_MS,
    ),
  );
  // One worker for every delivery to the outside: webhooks, the purchases of docked orders from
  // their upstream and the reports of their keys (DESIGN.md §14) and, with SMTP_URL, email.
  const outboxConsumers = [
    webhookConsumer(db, vault, ctx.urlRules),
    ctx.shared.upstreamPurchases.consumer(),
    ctx.shared.upstreamAfterSale.consumer(),
    ...(mailer ? [emailConsumer(db, vault, mailer, ctx.systemSettings, env.PUBLIC_URL)] : []),
  ];
  app.addHook(
    'onClose',
    startOutboxWorker(db, app.log, outboxConsumers, {
      intervalMs: env.OUTBOX_POLL_INTERVAL_MS,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      // Longer than an attempt may last (its timeout), so a live attempt is never taken over.
      leaseMs: WEBHOOK_TIMEOUT_MS * 3,
      batchSize: 20,
      retentionMs: env.OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000,
      purge: OUTBOX_PURGE,
    }),
  );
}
