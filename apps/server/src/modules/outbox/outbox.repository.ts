import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/** A delivery claimed for one attempt, with its event. */
export interface ClaimedDelivery {
  id: string;
  consumer: string;
  targetId: string;
  /** This attempt's number, from 1. */
  attempts: number;
  event: { id: string; type: string; createdAt: string; data: unknown };
}

/** What an attempt came to. `final`: no later attempt can do better (the recipient is gone). */
export type AttemptOutcome =
  | { ok: true; statusCode: number | null }
  | {
      ok: false;
      statusCode: number | null;
      error: string;
      final?: boolean;
      /**
       * Try again after this long, whatever the attempts made: a wait its consumer bounds itself
       * (a docked order's backorder), not a failure the backoff and its 8 attempts bound.
       */
      retryInMs?: number;
    };

/**
 * Claims up to `limit` due deliveries for one attempt each: counts the attempt and holds the
 * delivery for `leaseMs` (longer than an attempt may take). `FOR UPDATE SKIP LOCKED`: instances
 * polling at once take different rows, and a row one of them claimed is no longer due for the
 * others until its lease runs out (its instance died mid-attempt), so each attempt is made by one
 * instance.
 */
export async function claimDueDeliveries(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const rows = await rowsOf<{
    id: string;
    consumer: string;
    target_id: string;
    attempts: number;
    event_id: string;
    type: string;
    event_created_at: string;
    data: unknown;
  }>(
    db,
    sql`update outbox_deliveries d
        set attempts = d.attempts + 1,
            locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
        from outbox_events ev
        where d.id = any(array(
            select id from outbox_deliveries
            where status = 'pending' and next_attempt_at <= now()
              and (locked_until is null or locked_until <= now())
            order by next_attempt_at
            limit ${limit}::int
            for update skip locked))
          and d.status = 'pending'
          and ev.id = d.event_id
        returning d.id, d.consumer, d.target_id, d.attempts, ev.id as event_id, ev.type,
          to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_created_at,
          ev.data`,
  );
  return rows.map((r) => ({
    id: r.id,
    consumer: r.consumer,
    targetId: r.target_id,
    attempts: r.attempts,
    event: { id: r.event_id, type: r.type, createdAt: r.event_created_at, data: r.data },
  }));
}

/**
 * Records an attempt's outcome: succeeded; or failed for good after `maxAttempts` (or a final
 * failure); or pending again after `retryBaseMs` doubled per attempt made.
 */
export async function settleDelivery(
  db: Executor,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  schedule: { maxAttempts: number; retryBaseMs: number },
): Promise<void> {
  if (outcome.ok) {
    await db.execute(sql`update outbox_deliveries
      set status = 'succeeded', delivered_at = now(), locked_until = null,
          last_status_code = ${outcome.statusCode}::int, last_error = null
      where id = ${delivery.id}::uuid`);
    return;
  }
  const waiting = outcome.retryInMs !== undefined;
  const failed = outcome.final === true || (!waiting && delivery.attempts >= schedule.maxAttempts);
  const delayMs = outcome.retryInMs ?? schedule.retryBaseMs * 2 ** (delivery.attempts - 1);
  await db.execute(sql`update outbox_deliveries
    set status = ${failed ? 'failed' : 'pending'}::delivery_status, locked_until = null,
        next_attempt_at = now() + ${delayMs}::double precision * interval '1 millisecond',
        last_status_code = ${outcome.statusCode}::int, last_error = ${outcome.error.slice(0, 500)}::text
    where id = ${delivery.id}::uuid`);
}

/** How many rows one purge removed. */
export interface PurgeCount {
  deliveries: number;
  events: number;
}

/**
 * One small batch of the retention purge: up to `batchSize` settled deliveries (succeeded, and
 * failed ones, which the delivery log shows as long) created more than `retentionMs` ago, then
 * up to `batchSize` events as old that no delivery refers to any more. Pending deliveries are
 * never touched, whatever their age. Small batches keep each statement's locks and WAL short;
 * SKIP LOCKED lets instances purge side by side and never waits on a row a worker claimed (nor
 * on one a manual retry is turning back into pending).
 */
export async function purgeSettledBatch(
  db: Executor,
  retentionMs: number,
  batchSize: number,
): Promise<PurgeCount> {
  const cutoff = sql`now() - ${retentionMs}::double precision * interval '1 millisecond'`;
  const deliveries = await rowsOf<{ id: string }>(
    db,
    sql`delete from outbox_deliveries
        where id = any(array(
          select id from outbox_deliveries
          where status <> 'pending' and created_at < ${cutoff}
          limit ${batchSize}::int
          for update skip locked))
          and status <> 'pending'
        returning id`,
  );
  // An event's deliveries are written in its own statement and never added later, so an old
  // event with none left has nobody left to deliver it to.
  const events = await rowsOf<{ id: string }>(
    db,
    sql`delete from outbox_events
        where id = any(array(
          select e.id from outbox_events e
          where e.created_at < ${cutoff}
            and not exists (select 1 from outbox_deliveries d where d.event_id = e.id)
          limit ${batchSize}::int
          for update skip locked))
        returning id`,
  );
  return { deliveries: deliveries.length, events: events.length };
}

/**
 * The retention purge: batches of `purgeSettledBatch` until one comes back short, or
 * `maxBatches` ran (the rest waits for the next purge, so one purge never hogs the database).
 */
export async function purgeSettledOutbox(
  db: Executor,
  options: { retentionMs: number; batchSize: number; maxBatches: number },
): Promise<PurgeCount> {
  const total: PurgeCount = { deliveries: 0, events: 0 };
  for (let batch = 0; batch < options.maxBatches; batch++) {
    const removed = await purgeSettledBatch(db, options.retentionMs, options.batchSize);
    total.deliveries += removed.deliveries;
    total.events += removed.events;
    if (removed.deliveries < options.batchSize && removed.events < options.batchSize) break;
  }
  return total;
}
