import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  index,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { files } from './files';
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
    /**
     * Unread markers: the author's side has news when an admin wrote after the author last read
     * the conversation, and the admins' side (shared by all admins) when the author wrote after
     * an admin last read it.
     */
    lastAuthorMessageAt: timestampTz('last_author_message_at').notNull().defaultNow(),
    lastAdminMessageAt: timestampTz('last_admin_message_at'),
    authorReadAt: timestampTz('author_read_at').notNull().defaultNow(),
    adminReadAt: timestampTz('admin_read_at'),
    /** When the ticket was last closed: its author may reopen it by writing within 7 days. */
    closedAt: timestampTz('closed_at'),
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

/**
 * A ticket's conversation, oldest first. The opening message is the first row (the ticket's own
 * `message` keeps it too, for the specification's list), an admin's answer is one with `fromAdmin`.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAdmin: boolean('from_admin').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Files attached to a message (images or PDF, read by content). Uploaded first, unattached
 * (`messageId` null) and owned by the uploader, then claimed by the message that names them;
 * the unique file id means one file belongs to one message at most.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_attachments_file_key').on(t.fileId),
    index('ticket_attachments_message_idx').on(t.messageId),
  ],
);
