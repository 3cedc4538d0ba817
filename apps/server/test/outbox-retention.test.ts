import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { purgeSettledOutbox } from '../src/modules/outbox/outbox.repository';
import { startOutboxWorker } from '../src/modules/outbox/outbox-worker';
import { freshDatabase } from './helpers/database';
import { queryRows } from './helpers/money';

/**
 * Outbox retention (OUTBOX_RETENTION_DAYS): settled deliveries older than the retention go, in
 * small batches, with the events no delivery refers to any more; pending ones and recent ones
 * stay. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 30 * DAY_MS;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from outbox_events`);
});

type Status = 'pending' | 'succeeded' | 'failed';

/** An event `ageDays` old with one delivery of each given status, as old. */
async function eventWith(ageDays: number, statuses: Status[]): Promise<string> {
  const age = sql`now() - ${ageDays}::int * interval '1 day'`;
  const [event] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into outbox_events (type, user_id, data, created_at)
        values ('order.created', null, '{}'::jsonb, ${age}) returning id`,
  );
  if (!event) throw new Error('no event');
  for (const status of statuses) {
    await database.db.execute(sql`insert into outbox_deliveries
      (event_id, consumer, target_id, status, attempts, created_at, delivered_at)
      values (${event.id}::uuid, 'webhook', ${randomUUID()}::uuid, ${status}::delivery_status, 1,
              ${age}, ${status === 'succeeded' ? age : null})`);
  }
  return event.id;
}

async function remaining() {
  const events = await queryRows<{ id: string }>(database.db, sql`select id from outbox_events`);
  const deliveries = await queryRows<{ event_id: string; status: Status }>(
    database.db,
    sql`select event_id, status from outbox_deliveries order by status`,
  );
  return { events: events.map((e) => e.id).sort(), deliveries };
}

describe('outbox retention', () => {
  it('purges settled deliveries past the retention and the events left without any', async () => {
    const oldSettled = await eventWith(31, ['succeeded', 'failed']);
    const oldWithPending = await eventWith(40, ['succeeded', 'pending']);
    const recent = await eventWith(29, ['succeeded', 'failed']);

    const removed = await purgeSettledOutbox(database.db, {
      retentionMs: RETENTION_MS,
      batchSize: 100,
      maxBatches: 10,
    });

    expect(removed).toEqual({ deliveries: 3, events: 1 });
    const left = await remaining();
    // The event still owed to a receiver stays with its pending delivery; recent ones stay whole.
    expect(left.events).toEqual([oldWithPending, recent].sort());
    expect(left.events).not.toContain(oldSettled);
    expect(left.deliveries).toEqual(
      expect.arrayContaining([
        { event_id: oldWithPending, status: 'pending' },
        { event_id: recent, status: 'succeeded' },
        { event_id: recent, status: 'failed' },
      ]),
    );
    expect(left.deliveries).toHaveLength(3);
  });

  it('works in batches of the given size and stops after maxBatches, leaving the rest for later', async () => {
    for (let i = 0; i < 7; i++) await eventWith(60, ['succeeded']);

    const first = await purgeSettledOutbox(database.db, {
      retentionMs: RETENTION_MS,
      batchSize: 2,
      maxBatches: 2,
    });
    expect(first.deliveries).toBe(4);
    expect((await remaining()).deliveries).toHaveLength(3);

    const rest = await purgeSettledOutbox(database.db, {
      retentionMs: RETENTION_MS,
      batchSize: 2,
      maxBatches: 10,
    });
    expect(rest.deliveries).toBe(3);
    expect(await remaining()).toEqual({ events: [], deliveries: [] });
  });

  it('is run by the outbox worker of every instance', async () => {
    const old = await eventWith(45, ['failed']);
    const kept = await eventWith(1, ['succeeded']);
    const stop = startOutboxWorker(database.db, Fastify({ logger: false }).log, [], {
      intervalMs: 60_000,
      retryBaseMs: 1000,
      maxAttempts: 8,
      leaseMs: 30_000,
      batchSize: 20,
      retentionMs: RETENTION_MS,
      purge: { everyMs: 20, batchSize: 10, maxBatches: 5 },
    });
    try {
      await vi.waitFor(async () => expect((await remaining()).events).toEqual([kept]), {
        timeout: 10_000,
        interval: 20,
      });
      expect((await remaining()).events).not.toContain(old);
    } finally {
      await stop();
    }
  });
});
