import type { Executor } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import type { AttemptOutcome, ClaimedDelivery } from '../outbox/outbox.repository';
import type { OutboxConsumer } from '../outbox/outbox-worker';
import type { ResolveHost } from './url-safety';
import { postWebhook, signatureHeader } from './webhook-sender';
import {
  findWebhook,
  markEndpointFailing,
  markEndpointHealthy,
  WEBHOOK_CONSUMER,
} from './webhooks.repository';
import { eventBody } from './webhooks.service';

/** An endpoint failing every delivery this long is disabled (DESIGN.md §9). */
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The outbox's webhook consumer: signs and POSTs an event to its endpoint, and keeps the
 * endpoint's health (failing since, disabled after 24 hours of failures).
 */
export function webhookConsumer(
  db: Executor,
  vault: KeyVault,
  rules: { allowPrivate: boolean; resolve: ResolveHost; timeoutMs?: number },
): OutboxConsumer {
  return {
    name: WEBHOOK_CONSUMER,
    async attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
      const endpoint = await findWebhook(db, delivery.targetId);
      if (!endpoint?.enabled) {
        return { ok: false, statusCode: null, error: 'The webhook is disabled', final: true };
      }
      const body = JSON.stringify(eventBody(delivery.event));
      const secret = vault.decrypt(endpoint.secretCiphertext);
      try {
        const statusCode = await postWebhook(
          new URL(endpoint.url),
          body,
          {
            'keymarket-event': delivery.event.type,
            'keymarket-delivery': delivery.id,
            'keymarket-signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
          },
          rules,
        );
        return statusCode >= 200 && statusCode < 300
          ? { ok: true, statusCode }
          : { ok: false, statusCode, error: `The endpoint answered ${statusCode}` };
      } catch (error) {
        return {
          ok: false,
          statusCode: null,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },
    async settled(delivery, outcome) {
      if (outcome.ok) await markEndpointHealthy(db, delivery.targetId);
      else if (!outcome.final) await markEndpointFailing(db, delivery.targetId, DISABLE_AFTER_MS);
    },
  };
}
