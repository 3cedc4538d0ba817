import type { Database } from '../../db/client';
import type { KeyVault } from '../../lib/key-vault';
import { KeymarketV1Webhooks } from './adapters/keymarket-v1-webhooks';
import type { UpstreamUrlRules } from './upstream-http';
import { updateUpstream, type UpstreamRow } from './upstreams.repository';

/** What this platform listens to at each upstream (DESIGN.md §14). */
export const SUBSCRIBED_EVENTS = [
  'product.changed',
  'order.completed',
  'order.rejected',
  'order.key_replaced',
  'order.unit_refunded',
] as const;

/** Where an upstream sends its events to this platform (`upstream-events.routes.ts`). */
export const eventsUrl = (publicUrl: string, upstreamId: string) =>
  `${publicUrl}/api/upstreams/${upstreamId}/events`;

/**
 * Subscribes this platform's endpoint at `upstream` (through its /v1/webhooks) unless it already
 * is, and keeps the endpoint's id and its secret, sealed. Called when the upstream is added and
 * by each sync until it succeeds; a failure is left for the next sync (the poll covers the
 * meantime). Answers whether a subscription is in place.
 */
export async function ensureSubscribed(
  db: Database,
  vault: KeyVault,
  rules: UpstreamUrlRules,
  upstream: UpstreamRow,
  publicUrl: string,
): Promise<boolean> {
  if (upstream.webhookId) return true;
  let made: { id: string; secret: string };
  try {
    made = await webhooksAt(upstream, vault, rules).subscribe(
      eventsUrl(publicUrl, upstream.id),
      SUBSCRIBED_EVENTS,
    );
  } catch {
    return false;
  }
  await updateUpstream(db, upstream.id, {
    webhookId: made.id,
    webhookSecretCiphertext: vault.encrypt(made.secret),
  });
  return true;
}

/** Removes our endpoint at a supplier being removed: best effort, it may be unreachable. */
export async function unsubscribe(vault: KeyVault, rules: UpstreamUrlRules, upstream: UpstreamRow) {
  if (!upstream.webhookId) return;
  await webhooksAt(upstream, vault, rules)
    .unsubscribe(upstream.webhookId)
    .catch(() => undefined);
}

/** The supplier's webhook subscriptions, by the API it speaks (as `adapterFor`). */
function webhooksAt(
  upstream: Pick<UpstreamRow, 'kind' | 'baseUrl' | 'apiKeyCiphertext'>,
  vault: KeyVault,
  rules: UpstreamUrlRules,
) {
  if (upstream.kind !== 'keymarket-v1') {
    throw new Error(`No webhooks for upstreams of kind ${upstream.kind}`);
  }
  return new KeymarketV1Webhooks(upstream.baseUrl, vault.decrypt(upstream.apiKeyCiphertext), rules);
}
