import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { webhookRecipients } from '../webhooks/webhook-recipients';

/**
 * Writing events into the outbox (DESIGN.md §9), as CTEs for the statement that makes the change
 * they report: an event commits or vanishes with the change. An event nobody receives is not
 * written at all, so a change without subscribers costs one read of its recipients and nothing else
 * (an order, the busiest change, not even that: place-order.ts, "Events").
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
  /**
   * Its recipients when not everyone subscribed (a test ping), as `recipientsOf` answers them:
   * `select consumer, target_id, events`, `events` the types each receives.
   */
  recipients?: SQL;
}

/**
 * Several events about one user from the same change, which the same endpoints may want (an
 * instant order is created and completed at once), their recipients read once for all of them.
 */
export interface OutboxEvents extends Omit<OutboxEvent, 'type' | 'data'> {
  events: readonly { type: string; data: SQL }[];
}

/**
 * Who receives events of `types` about `userId`, as `select consumer, target_id, events`, each
 * row with the event types it receives (among others). One consumer today, the webhooks.
 */
export function recipientsOf(types: readonly string[], userId: SQL): SQL {
  return webhookRecipients(types, userId);
}

/** `outboxEventsCtes` for one event: `name` inserts it, `name_deliveries` its deliveries. */
export function outboxEventCtes(name: string, { type, data, ...event }: OutboxEvent): SQL {
  return outboxEventsCtes(name, { ...event, events: [{ type, data }] });
}

/**
 * Three CTEs: `name_recipients` reads who receives any of the events (once: every order pays
 * for it, so the plan the order statement initialises on each execution stays small), `name`
 * inserts each event someone receives, one per `source` row, and `name_deliveries` one delivery
 * per event and recipient, which the workers then claim (`outbox.repository.ts`).
 */
export function outboxEventsCtes(name: string, write: OutboxEvents): SQL {
  const recipients = sql.identifier(`${name}_recipients`);
  const inserted = sql.identifier(name);
  const types = write.events.map((e) => e.type);
  const rows = write.events.map((e) => sql`(${e.type}::text, ${e.data})`);
  // `, lateral`, not `cross join lateral`: a source of several CTEs (`a, b`) stays in its scope.
  return sql`${recipients} as (${write.recipients ?? recipientsOf(types, write.userId)}),
    ${inserted} as (
      insert into outbox_events (type, user_id, data)
      select ev.type, ${write.userId}, ev.data
      from ${write.source ?? sql`(select 1) as one`}, lateral (values ${sql.join(rows, sql`, `)}) as ev (type, data)
      where exists (select 1 from ${recipients} r where ev.type = any(r.events))
      returning id, type
    ), ${sql.identifier(`${name}_deliveries`)} as (
      insert into outbox_deliveries (event_id, consumer, target_id)
      select ev.id, r.consumer, r.target_id
      from ${inserted} ev join ${recipients} r on ev.type = any(r.events)
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
