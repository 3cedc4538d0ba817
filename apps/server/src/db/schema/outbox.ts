import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveryStatuses } from '@keymarket/contracts/integration';
import { createdAt, id, timestampTz } from './columns';
import { users } from './users';

export const deliveryStatusEnum = pgEnum('delivery_status', deliveryStatuses);

/**
 * The transactional outbox (DESIGN.md §9): an event is inserted by the statement or transaction
 * that makes the change it reports, so a crash can neither lose nor invent one. It is written
 * only when someone receives it: each recipient gets a delivery row in the same statement.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    /** `order.created`, `balance.credited`, `ping`… */
    type: text('type').notNull(),
    /** The user the event is about (the buyer, the credited user, the endpoint's owner). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The event's `data` as sent (an order without its keys, a ledger entry). */
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

/**
 * One recipient's copy of an event: `consumer` names who delivers it (`webhook` today; the
 * notifications will add theirs) and `targetId` the recipient within it (a webhook endpoint).
 * A worker in every instance claims the due ones (`outbox.repository.ts`).
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    targetId: uuid('target_id').notNull(),
    status: deliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    /** Held by the instance making an attempt until then; another may claim it after (a crash). */
    lockedUntil: timestampTz('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [
    // What the workers poll: the due pending deliveries.
    index('outbox_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // A recipient's delivery log, newest first: the index read backwards (ascending, so that
    // `order by created_at desc, id desc` can use it; see notifications_user_created_idx).
    index('outbox_deliveries_target_idx').on(t.consumer, t.targetId, t.createdAt, t.id),
    index('outbox_deliveries_event_idx').on(t.eventId),
    // The retention purge: the settled deliveries, oldest first.
    index('outbox_deliveries_settled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);
