import { sql } from 'drizzle-orm';
import { integer, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { users } from './users';

export const ticketStatusEnum = pgEnum('ticket_status', ['open', 'pending', 'closed']);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: ticketStatusEnum('status').notNull().default('open'),
    adminResponse: text('admin_response'),
    /** A faulty-key report (DESIGN.md §11): the order and the key's place in it. */
    orderId: uuid('order_id'),
    keyIndex: integer('key_index'),
    respondedById: uuid('responded_by_id').references(() => users.id),
    respondedAt: timestampTz('responded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One ordinary ticket that is not closed per user, enforced by the database even under
    // races. Faulty-key reports do not count: a buyer may report several keys at once.
    uniqueIndex('tickets_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed' and ${t.orderId} is null`),
    // One report per key, ever.
    uniqueIndex('tickets_one_report_per_key')
      .on(t.orderId, t.keyIndex)
      .where(sql`${t.orderId} is not null`),
    index('tickets_status_created_idx').on(t.status, t.createdAt),
  ],
);
