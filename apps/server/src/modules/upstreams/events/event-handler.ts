import type { WebhookEventBody } from '@keymarket/contracts/integration';
import type { Database } from '../../../db/client';
import type { KeyVault } from '../../../lib/key-vault';
import type { UpstreamAdapter } from '../adapters/upstream-adapter';
import type { UpstreamPurchases } from '../upstream-purchases';
import type { UpstreamSync } from '../upstream-sync';
import type { UpstreamRow } from '../upstreams.repository';

/** What a handler of an upstream's event is given. */
export interface UpstreamEventContext {
  db: Database;
  vault: KeyVault;
  /** The upstream that sent it (its signature checked). */
  upstream: UpstreamRow;
  /** Speaks to that upstream with its sealed key, to read what the event names. */
  adapter: UpstreamAdapter;
  purchases: UpstreamPurchases;
  sync: UpstreamSync;
}

/**
 * Applies one event, signed and received once (`event-receiver.ts`). A handler that throws has
 * applied nothing that matters: the event is given back and the upstream's retry brings it again,
 * so a handler is safe to run twice (it reads the upstream's state rather than trusting `data`).
 */
export type UpstreamEventHandler = (
  event: WebhookEventBody,
  context: UpstreamEventContext,
) => Promise<void>;
