import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DeliveryStatus } from '@keymarket/contracts/integration';
import type { Executor } from '../../db/client';
import { outboxDeliveries, outboxEvents, webhookEndpoints } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';
import { notifyUserCte } from '../notifications/notification-writes';
import { jsonParam, recordEvent } from '../outbox/outbox-events';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhook = typeof webhookEndpoints.$inferInsert;

/** The outbox's name for the webhooks' deliveries (`outbox_deliveries.consumer`). */
export const WEBHOOK_CONSUMER = 'webhook';

export async function insertWebhook(db: Executor, values: NewWebhook) {
  return oneRow(await db.insert(webhookEndpoints).values(values).returning());
}

export async function countWebhooks(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export function listWebhooks(db: Executor, userId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findWebhook(db: Executor, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** The endpoint, locked for the rest of the transaction (so an edit's "before" is what it changed). */
export async function lockWebhook(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .for('update');
  return row;
}

/** The endpoint as changed, or undefined when it is gone (deleted since it was read). */
export async function updateWebhook(
  db: Executor,
  id: string,
  values: Partial<NewWebhook>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** The endpoint and its delivery log (the events stay for other recipients). */
export async function deleteWebhook(db: Executor, id: string) {
  await db
    .delete(outboxDeliveries)
    .where(and(eq(outboxDeliveries.consumer, WEBHOOK_CONSUMER), eq(outboxDeliveries.targetId, id)));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

const deliveryColumns = {
  delivery: outboxDeliveries,
  event: {
    id: outboxEvents.id,
    type: outboxEvents.type,
    createdAt: outboxEvents.createdAt,
    data: outboxEvents.data,
  },
};

function ofEndpoint(endpointId: string, status?: DeliveryStatus) {
  return and(
    eq(outboxDeliveries.consumer, WEBHOOK_CONSUMER),
    eq(outboxDeliveries.targetId, endpointId),
    status ? eq(outboxDeliveries.status, status) : undefined,
  );
}

/**
 * A `ping` event of `userId` with one delivery, to `endpoint` alone, in `tx`; its delivery's id
 * (undefined only if the statement wrote none).
 */
export async function recordPing(
  tx: Executor,
  userId: string,
  endpoint: { id: string; url: string },
): Promise<string | undefined> {
  const [deliveryId] = await recordEvent(tx, {
    type: 'ping',
    userId: sql`${userId}::uuid`,
    data: jsonParam({ webhook: { id: endpoint.id, url: endpoint.url } }),
    recipients: sql`select ${WEBHOOK_CONSUMER}::text as consumer, ${endpoint.id}::uuid as target_id,
          array['ping']::text[] as events`,
  });
  return deliveryId;
}

/** An endpoint's test pings still waiting to be delivered (pending, in flight or not). */
export async function countPendingPings(db: Executor, endpointId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(and(ofEndpoint(endpointId, 'pending'), eq(outboxEvents.type, 'ping')));
  return row?.n ?? 0;
}

/** An endpoint's delivery log, newest first, with each delivery's event. */
export async function listDeliveries(
  db: Executor,
  endpointId: string,
  filter: { status?: DeliveryStatus; limit: number; offset: number },
) {
  const where = ofEndpoint(endpointId, filter.status);
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(outboxDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
      .where(where)
      .orderBy(desc(outboxDeliveries.createdAt), desc(outboxDeliveries.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(outboxDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type DeliveryWithEvent = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];

export async function findDelivery(db: Executor, endpointId: string, deliveryId: string) {
  const [row] = await db
    .select(deliveryColumns)
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(and(ofEndpoint(endpointId), eq(outboxDeliveries.id, deliveryId)));
  return row;
}

/**
 * A manual retry: the delivery is due now, with a fresh round of attempts unless one is still
 * under way (a pending delivery keeps its count). False, and nothing changed, while an attempt
 * is in flight (claimed, its lease running): that attempt's outcome would overwrite the retry
 * (`settleDelivery`), and the retry would be lost. The claim holds the row's lock while it takes
 * the lease, so a retry at that moment waits for it and then sees the lease.
 */
export async function retryDelivery(db: Executor, deliveryId: string): Promise<boolean> {
  const rows = await db
    .update(outboxDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      attempts: sql`case when ${outboxDeliveries.status} = 'pending' then ${outboxDeliveries.attempts} else 0 end`,
    })
    .where(
      and(
        eq(outboxDeliveries.id, deliveryId),
        sql`(${outboxDeliveries.lockedUntil} is null or ${outboxDeliveries.lockedUntil} <= now())`,
      ),
    )
    .returning({ id: outboxDeliveries.id });
  return rows.length > 0;
}

/** A success: the endpoint is healthy again. */
export async function markEndpointHealthy(db: Executor, endpointId: string) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(
      and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`),
    );
}

/**
 * A failure: the endpoint has been failing since its first failure after a success; once that is
 * `disableAfterMs` ago it is turned off, flagged, audited, and its owner gets a `webhook.disabled`
 * notification (and its email, if switched on). One statement, so two instances failing at once
 * disable it once and tell the owner once, and the notification commits with the change.
 */
export async function markEndpointFailing(
  db: Executor,
  endpointId: string,
  disableAfterMs: number,
): Promise<boolean> {
  const due = sql`failing_since <= now() - ${disableAfterMs}::double precision * interval '1 millisecond'`;
  // One UPDATE (a row updated twice in one statement keeps only one of the changes): its SET
  // reads the values from before it.
  const rows = await db.execute(sql`
    with marked as (
      update webhook_endpoints
      set failing_since = coalesce(failing_since, now()),
          enabled = enabled and not coalesce(${due}, false),
          disabled_for_failures_at = case when enabled and ${due} then now()
                                          else disabled_for_failures_at end
      where id = ${endpointId}::uuid
      returning id, user_id, url, disabled_for_failures_at = now() as just_disabled
    ), disabled as (
      select id, user_id, url from marked where just_disabled
    ), audited as (
      ${auditInsertFrom()}
    ), ${notifyUserCte('told', {
      type: 'webhook.disabled',
      userId: sql`disabled.user_id`,
      data: sql`jsonb_build_object('webhookId', disabled.id::text, 'url', disabled.url)`,
      source: sql`disabled`,
      signal: true,
    })}
    select id from disabled`);
  return (rows as { rows: unknown[] }).rows.length > 0;
}

/**
 * The audit row of an endpoint disabled for its failures, its values read from `disabled` (which
 * `auditInsert`, taking values, cannot).
 */
function auditInsertFrom() {
  return sql`insert into audit_log (actor_id, action, target_type, target_id, before, after)
    select null, 'webhook.disabled', 'webhook', disabled.id::text,
           json_build_object('enabled', true)::text,
           json_build_object('enabled', false, 'reason', 'every delivery failed for 24 hours',
                             'userId', disabled.user_id, 'url', disabled.url)::text
    from disabled`;
}
