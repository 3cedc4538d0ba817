import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { withoutQueryValues } from '../../lib/logged-error';
import {
  claimDueDeliveries,
  purgeSettledOutbox,
  settleDelivery,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './outbox.repository';

/** Who delivers the deliveries of one `consumer` name (the webhooks; later the notifications). */
export interface OutboxConsumer {
  name: string;
  /** Makes one attempt; never throws for the recipient's failures (they are an outcome). */
  attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome>;
  /** Called once the outcome is recorded (an endpoint's health). */
  settled?(delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<void>;
}

export interface OutboxWorkerOptions {
  intervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a claimed delivery is held: longer than an attempt can last. */
  leaseMs: number;
  batchSize: number;
  /** Settled deliveries (and events left without any) older than this are purged. */
  retentionMs: number;
  /** How often each instance purges; rows per statement, and statements per purge. */
  purge: { everyMs: number; batchSize: number; maxBatches: number };
}

/** Batches one tick may claim back to back while each comes back full. */
const MAX_BATCHES_PER_TICK = 50;

/** The purge's pace in production: rare and small, so it never competes with deliveries. */
export const OUTBOX_PURGE = { everyMs: 10 * 60 * 1000, batchSize: 500, maxBatches: 20 } as const;

/**
 * Every `intervalMs`, claims the due deliveries (`claimDueDeliveries`) and makes their attempts
 * side by side, then records each outcome. Runs in every instance: the claim is what keeps two of
 * them from making the same attempt. A failed round (database down) is logged and tried again
 * next time. Every `purge.everyMs` it also purges what is older than `retentionMs`
 * (`purgeSettledOutbox`), so the outbox does not grow forever. The answer stops both, waiting
 * for a run under way.
 */
export function startOutboxWorker(
  db: Executor,
  log: FastifyBaseLogger,
  consumers: readonly OutboxConsumer[],
  options: OutboxWorkerOptions,
): () => Promise<void> {
  const byName = new Map(consumers.map((c) => [c.name, c]));
  const deliverOne = async (delivery: ClaimedDelivery) => {
    const consumer = byName.get(delivery.consumer);
    const outcome: AttemptOutcome = consumer
      ? await consumer.attempt(delivery).catch((error: unknown) => ({
          ok: false as const,
          statusCode: null,
          error: error instanceof Error ? error.message : String(error),
        }))
      : { ok: false, statusCode: null, error: `No consumer ${delivery.consumer}`, final: true };
    await settleDelivery(db, delivery, outcome, options);
    await consumer?.settled?.(delivery, outcome);
  };
  let stopping = false;
  // A full batch means more are due: claim again at once instead of waiting for the next tick,
  // or the instance would deliver at most `batchSize` a tick whatever the backlog. Bounded, so
  // one tick cannot run forever, and cut short when the worker stops.
  const round = async () => {
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK && !stopping; batch++) {
      const claimed = await claimDueDeliveries(db, options.batchSize, options.leaseMs);
      await Promise.all(claimed.map(deliverOne));
      if (claimed.length < options.batchSize) break;
    }
  };
  const purge = async () => {
    const removed = await purgeSettledOutbox(db, {
      retentionMs: options.retentionMs,
      batchSize: options.purge.batchSize,
      maxBatches: options.purge.maxBatches,
    });
    if (removed.deliveries + removed.events > 0) log.info({ removed }, 'outbox purged');
  };
  const stopRounds = repeat(round, options.intervalMs, log, 'outbox round failed; will retry');
  const stopPurges = repeat(purge, options.purge.everyMs, log, 'outbox purge failed; will retry');
  return async () => {
    stopping = true;
    await Promise.all([stopRounds(), stopPurges()]);
  };
}

/**
 * Runs `work` every `everyMs`, never two at once; a failure is logged and the next run tries
 * again. The answer stops it, waiting for a run under way.
 */
function repeat(
  work: () => Promise<void>,
  everyMs: number,
  log: FastifyBaseLogger,
  failure: string,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .catch((error: unknown) => {
        log.warn({ error: withoutQueryValues(error) }, failure);
      })
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
