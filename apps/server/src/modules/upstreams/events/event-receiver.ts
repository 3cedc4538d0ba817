import { parse } from 'secure-json-parse';
import { webhookEventBodySchema, type WebhookEventBody } from '@keymarket/contracts/integration';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { KeyVault } from '../../../lib/key-vault';
import { adapterFor } from '../upstream-adapters';
import type { UpstreamUrlRules } from '../upstream-http';
import type { UpstreamPurchases } from '../upstream-purchases';
import { UpstreamSync } from '../upstream-sync';
import { claimEvent, findUpstream, releaseEvent } from '../upstreams.repository';
import { upstreamEventHandlers } from './event-handlers';
import { signatureProblem } from './verify-signature';

export interface ReceivedEvent {
  received: true;
  /** False for a retry or replay of an event already applied, and for a type nobody handles. */
  applied: boolean;
}

/**
 * `POST /api/upstreams/{id}/events`: the webhook endpoint this platform subscribed at its
 * upstream (DESIGN.md §14). An event is applied only when its signature, made with the secret the
 * upstream gave when we subscribed, holds over the exact bytes received and is recent
 * (`SIGNATURE_TOLERANCE_SECONDS`), and only once per event id (`upstream_events`): a forged,
 * stale or replayed event changes nothing. Each type has its handler (`event-handlers.ts`).
 */
export class UpstreamEventReceiver {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rules: UpstreamUrlRules,
    private readonly purchases: UpstreamPurchases,
    private readonly publicUrl: string,
    private readonly nowSeconds = () => Math.floor(Date.now() / 1000),
  ) {}

  async receive(
    upstreamId: string,
    rawBody: string,
    signature: string | undefined,
  ): Promise<ReceivedEvent> {
    const found = await findUpstream(this.db, upstreamId);
    if (!found) throw new AppError('not_found', 'Supplier not found');
    const upstream = found.upstream;
    if (!upstream.webhookSecretCiphertext) {
      throw new AppError('unauthorized', 'This platform is not subscribed to that supplier');
    }
    const secret = this.vault.decrypt(upstream.webhookSecretCiphertext);
    const problem = signatureProblem(secret, rawBody, signature, this.nowSeconds());
    if (problem) throw new AppError('unauthorized', problem);
    const event = parseEvent(rawBody);
    if (!(await claimEvent(this.db, upstream.id, event.id, event.type))) {
      return { received: true, applied: false };
    }
    const handler = upstreamEventHandlers[event.type];
    if (!handler) return { received: true, applied: false };
    try {
      await handler(event, {
        db: this.db,
        vault: this.vault,
        upstream,
        adapter: adapterFor(upstream, this.vault, this.rules),
        purchases: this.purchases,
        sync: new UpstreamSync(this.db, this.vault, this.rules, this.purchases, this.publicUrl),
      });
    } catch (error) {
      // Given back: the upstream retries the delivery, and the poll catches up meanwhile.
      await releaseEvent(this.db, upstream.id, event.id);
      const text = error instanceof Error ? error.message : String(error);
      throw new AppError('unavailable', `The event could not be applied now: ${text}`);
    }
    return { received: true, applied: true };
  }
}

function parseEvent(rawBody: string): WebhookEventBody {
  let json: unknown;
  try {
    json = parse(rawBody, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new AppError('validation', 'The body is not JSON');
  }
  const parsed = webhookEventBodySchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'validation',
      'The body is not a webhook event { id, type, createdAt, data }',
    );
  }
  return parsed.data;
}
