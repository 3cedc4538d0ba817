import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationTypes } from '@keymarket/contracts/notifications';
import { createdAt, id, timestampTz } from './columns';
import { users } from './users';

export const notificationTypeEnum = pgEnum('notification_type', notificationTypes);

/**
 * In-app notifications (DESIGN.md §12), one row per recipient, written by the statement or
 * transaction of the change they report (`modules/notifications/notification-writes.ts`), so a
 * crash can neither lose nor invent one. `created_at` is when the entry last changed: an unread
 * `profit.credited` adds each new sale to itself and moves up.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    readAt: timestampTz('read_at'),
  },
  (t) => [
    // A user's list, newest first (the index read backwards: a DESC column here would be DESC
    // NULLS LAST, which `order by created_at desc` cannot use), and the stream's "since" reads.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The unread count.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // The unread `order.pending` entries about one order, cleared when it is answered
    // (`resolvePendingOrderNotifications`): without it each answer reads every unread entry.
    index('notifications_pending_order_idx')
      .on(sql`(${t.data}->>'orderId')`)
      .where(sql`${t.type} = 'order.pending' and ${t.readAt} is null`),
    // At most one unread profit entry per seller: each sale adds itself to it (ON CONFLICT).
    uniqueIndex('notifications_one_unread_profit')
      .on(t.userId)
      .where(sql`${t.type} = 'profit.credited' and ${t.readAt} is null`),
  ],
);

/**
 * Which notification types a user also receives by email (DESIGN.md §12), and the language of
 * those emails. No row: none by email, in English. In-app notifications are always on.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailTypes: notificationTypeEnum('email_types')
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** `en`, `fr` or `ar`: the language the user saved its preferences in. */
  language: text('language').notNull().default('en'),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
