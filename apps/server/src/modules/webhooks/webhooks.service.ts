import type { z } from 'zod';
import {
  WEBHOOK_PENDING_PINGS_MAX,
  WEBHOOKS_MAX,
  type CreatedWebhook,
  type createWebhookSchema,
  type Delivery,
  type DeliveryList,
  type deliveriesQuerySchema,
  type updateWebhookSchema,
  type Webhook,
  type WebhookEventType,
  type WebhookList,
} from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import type { AuthContext } from '../access/auth-context';
import { assertMayManageWebhook } from '../access/policy';
import { lockKeyOwner } from '../api-keys/api-keys.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { checkWebhookUrl, UnsafeUrlError, type ResolveHost } from './url-safety';
import { newWebhookSecret } from './webhook-secret';
import {
  countPendingPings,
  countWebhooks,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  lockWebhook,
  recordPing,
  retryDelivery,
  updateWebhook,
  type DeliveryWithEvent,
  type WebhookRow,
} from './webhooks.repository';

type CreateInput = z.output<typeof createWebhookSchema>;
type UpdateInput = z.output<typeof updateWebhookSchema>;
type DeliveriesQuery = z.output<typeof deliveriesQuerySchema>;

export interface UrlRules {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: http and private addresses allowed (development, tests). */
  allowPrivate: boolean;
  resolve: ResolveHost;
}

/** A user's own webhook endpoints and their delivery logs (DESIGN.md §9), whatever its role. */
export class WebhooksService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly urlRules: UrlRules,
  ) {}

  /** The secret is in this answer and nowhere else: it is kept sealed, for signing. */
  async create(caller: AuthContext, input: CreateInput): Promise<CreatedWebhook> {
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const row = await this.db.transaction(async (tx) => {
      await lockKeyOwner(tx, caller.userId);
      if ((await countWebhooks(tx, caller.userId)) >= WEBHOOKS_MAX) {
        throw new AppError('conflict', messages.webhooksLimit);
      }
      const created = await insertWebhook(tx, {
        userId: caller.userId,
        url: input.url,
        description: input.description || null,
        events: input.events,
        secretCiphertext: this.vault.encrypt(secret),
      });
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'webhook.created',
        targetType: 'webhook',
        targetId: created.id,
        after: { url: created.url, events: created.events },
      });
      return created;
    });
    return { ...webhookView(row), secret };
  }

  async list(caller: AuthContext): Promise<WebhookList> {
    return { data: (await listWebhooks(this.db, caller.userId)).map(webhookView) };
  }

  async get(caller: AuthContext, id: string): Promise<Webhook> {
    return webhookView(assertMayManageWebhook(caller, await findWebhook(this.db, id)));
  }

  /** Turning an endpoint back on forgets its failures. */
  async update(caller: AuthContext, id: string, input: UpdateInput): Promise<Webhook> {
    assertMayManageWebhook(caller, await findWebhook(this.db, id));
    // Resolved outside the transaction: a slow DNS answer must not hold the endpoint's lock.
    if (input.url !== undefined) await this.checkUrl(input.url);
    const row = await this.db.transaction(async (tx) => {
      // Read again under its lock: what the audit row says it was is what this edit changed.
      const existing = await lockWebhook(tx, id);
      if (!existing) throw new AppError('not_found', messages.webhookNotFound);
      const reenabled = input.enabled === true && !existing.enabled;
      const updated = await updateWebhook(tx, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(reenabled ? { failingSince: null, disabledForFailuresAt: null } : {}),
      });
      if (!updated) throw new AppError('not_found', messages.webhookNotFound);
      // Where the events go is worth a trace: a changed URL sends the owner's orders elsewhere.
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'webhook.updated',
        targetType: 'webhook',
        targetId: id,
        before: auditedFields(existing),
        after: auditedFields(updated),
      });
      return updated;
    });
    return webhookView(row);
  }

  /**
   * A new signing secret for a lost or leaked one, shown in this answer only. The sender reads
   * the endpoint's secret at each attempt, so every delivery from now on, pending retries too, is
   * signed with it; the old one stops at once (a delivery the receiver refuses meanwhile is
   * retried on the usual schedule).
   */
  async rollSecret(caller: AuthContext, id: string): Promise<CreatedWebhook> {
    assertMayManageWebhook(caller, await findWebhook(this.db, id));
    const secret = newWebhookSecret();
    const row = await this.db.transaction(async (tx) => {
      const updated = await updateWebhook(tx, id, { secretCiphertext: this.vault.encrypt(secret) });
      if (!updated) throw new AppError('not_found', messages.webhookNotFound);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'webhook.secret_rolled',
        targetType: 'webhook',
        targetId: id,
      });
      return updated;
    });
    return { ...webhookView(row), secret };
  }

  async remove(caller: AuthContext, id: string): Promise<void> {
    assertMayManageWebhook(caller, await findWebhook(this.db, id));
    await this.db.transaction(async (tx) => {
      await deleteWebhook(tx, id);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'webhook.deleted',
        targetType: 'webhook',
        targetId: id,
      });
    });
  }

  /** The test button: a `ping` to this endpoint only, whatever it subscribed to. */
  async test(caller: AuthContext, id: string): Promise<Delivery> {
    // The delivery as it was queued, read before the commit: once committed, a worker may
    // already be sending it (attempts 1), and the answer would depend on who was faster.
    const recorded = await this.db.transaction(async (tx) => {
      // Locked, so that pings sent at once are counted one after the other.
      const endpoint = assertMayManageWebhook(caller, await lockWebhook(tx, id));
      if (!endpoint.enabled) {
        throw new AppError('conflict', messages.webhookDisabledTest);
      }
      if ((await countPendingPings(tx, id)) >= WEBHOOK_PENDING_PINGS_MAX) {
        throw new AppError('conflict', messages.webhookPingsPending);
      }
      const deliveryId = await recordPing(tx, caller.userId, endpoint);
      return deliveryId ? await findDelivery(tx, id, deliveryId) : undefined;
    });
    if (!recorded) throw new Error('The ping was recorded without its delivery');
    return deliveryView(recorded);
  }

  async deliveries(caller: AuthContext, id: string, query: DeliveriesQuery): Promise<DeliveryList> {
    assertMayManageWebhook(caller, await findWebhook(this.db, id));
    const { rows, total } = await listDeliveries(this.db, id, {
      status: query.status,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return pageOf(rows.map(deliveryView), query, total);
  }

  /**
   * Sends a delivery again at once (a failed one gets a fresh round of attempts); refused while
   * an attempt is in flight.
   */
  async retry(caller: AuthContext, id: string, deliveryId: string): Promise<Delivery> {
    assertMayManageWebhook(caller, await findWebhook(this.db, id));
    if (!(await findDelivery(this.db, id, deliveryId))) {
      throw new AppError('not_found', messages.deliveryNotFound);
    }
    if (!(await retryDelivery(this.db, deliveryId))) {
      throw new AppError('conflict', messages.deliveryInFlight);
    }
    const row = await findDelivery(this.db, id, deliveryId);
    if (!row) throw new AppError('not_found', messages.deliveryNotFound);
    return deliveryView(row);
  }

  private async checkUrl(url: string) {
    if (!URL.canParse(url)) {
      const text = messages.webhookUrlFormat;
      throw new AppError('validation', text, [{ path: 'body.url', message: text }]);
    }
    try {
      await checkWebhookUrl(new URL(url), this.urlRules);
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) throw error;
      throw new AppError('validation', error.message, [
        { path: 'body.url', message: error.message },
      ]);
    }
  }
}

/** What an endpoint's audit rows record of it: where its events go, never its secret. */
function auditedFields(row: WebhookRow) {
  return { url: row.url, events: row.events, enabled: row.enabled };
}

function webhookView(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    disabledForFailuresAt: row.disabledForFailuresAt?.toISOString() ?? null,
  };
}

/** The body an attempt sends (DESIGN.md §9), the same for every attempt. */
export function eventBody(event: { id: string; type: string; createdAt: string; data: unknown }) {
  return { id: `evt_${event.id}`, type: event.type, createdAt: event.createdAt, data: event.data };
}

function deliveryView({ delivery, event }: DeliveryWithEvent): Delivery {
  return {
    id: delivery.id,
    eventId: `evt_${event.id}`,
    event: event.type,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    payload: eventBody({ ...event, createdAt: event.createdAt.toISOString() }),
  };
}
