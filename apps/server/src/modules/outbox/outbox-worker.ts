import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { withoutQueryValues } from '../../lib/logged-error';
import {
  claimDueDeliveries,
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
}

/**
 * Every `intervalMs`, claims the due deliveries (`claimDueDeliveries`) and makes their attempts
 * side by side, then records each outcome. Runs in every instance: the claim is what keeps two of
 * them from making the same attempt. A failed round (database down) is logged and tried again
 * next time. The answer stops it, waiting for a round under way.
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
  const round = async () => {
    const claimed = await claimDueDeliveries(db, options.batchSize, options.leaseMs);
    await Promise.all(claimed.map(deliverOne));
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round()
      .catch((error: unknown) => {
        log.warn({ error: withoutQueryValues(error) }, 'outbox round failed; will retry');
      })
      .finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
