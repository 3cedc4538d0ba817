import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { webhookRecipients } from '../webhooks/webhook-recipients';

/**
 * Writing an event into the outbox (DESIGN.md §9), as CTEs for the statement that makes the change
 * it reports: the event commits or vanishes with the change. An event nobody receives is not
 * written at all, so a change without subscribers costs one indexed `exists` and nothing else.
 */
export interface OutboxEvent {
  /** `order.created`, `balance.credited`… */
  type: string;
  /** The user the event is about: a uuid expression of the statement. */
  userId: SQL;
  /** The event's `data`: a jsonb expression, which may read `source`'s columns. */
  data: SQL;
  /** The rows of the statement the event comes from, one event each (a CTE's name); one event when absent. */
  source?: SQL;
  /** Its recipients (`select consumer, target_id`) when not everyone subscribed (a test ping). */
  recipients?: SQL;
}

/**
 * Who receives an event of `type` about `userId`, as `select consumer, target_id`. One consumer
 * today, the webhooks; the in-app notifications will add theirs with `union all`.
 */
export function recipientsOf(type: string, userId: SQL): SQL {
  return webhookRecipients(type, userId);
}

/**
 * Two CTEs: `name` inserts the event (when someone receives it) and `name_deliveries` one
 * delivery per recipient, which the workers then claim (`outbox.repository.ts`).
 */
export function outboxEventCtes(name: string, event: OutboxEvent): SQL {
  const inserted = sql.identifier(name);
  const recipients = (userId: SQL) => event.recipients ?? recipientsOf(event.type, userId);
  return sql`${inserted} as (
      insert into outbox_events (type, user_id, data)
      select ${event.type}::text, ${event.userId}, ${event.data}
      from ${event.source ?? sql`(select 1) as one`}
      where exists (${recipients(event.userId)})
      returning id, type, user_id
    ), ${sql.identifier(`${name}_deliveries`)} as (
      insert into outbox_deliveries (event_id, consumer, target_id)
      select ev.id, r.consumer, r.target_id
      from ${inserted} ev
      cross join lateral (${recipients(sql`ev.user_id`)}) r
      returning id
    )`;
}

/** Records an event inside `tx`, the transaction of the change it reports; answers its deliveries' ids. */
export async function recordEvent(tx: Executor, event: OutboxEvent): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`with ${outboxEventCtes('event', event)} select id from event_deliveries`,
  );
  return rows.map((row) => row.id);
}

/** JSON for a statement's parameter: bigints as text. */
export function jsonParam(value: unknown): SQL {
  return sql`${jsonText(value)}::jsonb`;
}

/** The text `jsonParam` binds, for a statement that binds it itself (a placeholder's value). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
