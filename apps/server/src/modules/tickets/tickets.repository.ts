import type { Sort } from '@keymarket/contracts/pagination';
import type { TicketSortColumn, TicketStatus } from '@keymarket/contracts/tickets';
import { sideBySide } from '../../db/side-by-side';
import { sortedBy } from '../../db/sort';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  files,
  orderKeyActions,
  productKeys,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
} from '../../db/schema/index';
import { oneRow } from '../../lib/rows';
import { orderKeysInPlace } from '../after-sale/after-sale.repository';

/** Which side of a conversation reads it: its author, or the administrators (one shared marker). */
export type TicketSide = 'author' | 'admin';

/** A ticket and its opening message, in the caller's transaction. */
export async function insertTicket(
  db: Executor,
  values: {
    userId: string;
    subject: string;
    message: string;
    orderId?: string;
    keyIndex?: number;
  },
) {
  const id = oneRow(await db.insert(tickets).values(values).returning({ id: tickets.id })).id;
  await insertTicketMessage(db, {
    ticketId: id,
    authorId: values.userId,
    fromAdmin: false,
    body: values.message,
  });
  return id;
}

export async function insertTicketMessage(
  db: Executor,
  values: { ticketId: string; authorId: string; fromAdmin: boolean; body: string },
) {
  return oneRow(
    await db
      .insert(ticketMessages)
      .values(values)
      .returning({ id: ticketMessages.id, createdAt: ticketMessages.createdAt }),
  );
}

export async function findTicket(db: Executor, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row;
}

/** The ticket locked for the rest of the transaction: messages and status changes queue on it. */
export async function lockTicket(db: Executor, id: string) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update').limit(1);
  return row;
}

export async function updateTicket(
  db: Executor,
  id: string,
  values: Partial<typeof tickets.$inferInsert>,
) {
  await db
    .update(tickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}

/**
 * An administrator's message and the ticket's new status, in the caller's transaction: what
 * `PATCH /tickets/{id}/respond`, a message from an admin and a faulty-key answer all write.
 */
export async function recordAdminMessage(
  db: Executor,
  ticket: { id: string; status: TicketStatus },
  message: { authorId: string; body: string; status: TicketStatus },
) {
  const written = await insertTicketMessage(db, {
    ticketId: ticket.id,
    authorId: message.authorId,
    fromAdmin: true,
    body: message.body,
  });
  await updateTicket(db, ticket.id, {
    adminResponse: message.body,
    status: message.status,
    respondedById: message.authorId,
    respondedAt: written.createdAt,
    lastAdminMessageAt: written.createdAt,
    // Whoever writes has read what came before.
    adminReadAt: written.createdAt,
    ...closedAtFor(ticket.status, message.status, written.createdAt),
  });
  return written;
}

/** `closed_at` moves when a ticket becomes closed, and clears when it is reopened. */
export function closedAtFor(before: TicketStatus, after: TicketStatus, at: Date) {
  if (after === 'closed') return before === 'closed' ? {} : { closedAt: at };
  return { closedAt: null };
}

export async function markTicketRead(db: Executor, id: string, side: TicketSide) {
  await db
    .update(tickets)
    .set(side === 'author' ? { authorReadAt: sql`now()` } : { adminReadAt: sql`now()` })
    .where(eq(tickets.id, id));
}

/** Whether the other side wrote since `side` last read the ticket (a column expression). */
export function unreadFor(side: TicketSide): SQL<boolean> {
  return side === 'author'
    ? sql<boolean>`coalesce(${tickets.lastAdminMessageAt} > ${tickets.authorReadAt}, false)`
    : sql<boolean>`(${tickets.adminReadAt} is null or ${tickets.lastAuthorMessageAt} > ${tickets.adminReadAt})`;
}

export async function findTicketWithSide(db: Executor, id: string, side: TicketSide) {
  const [row] = await db
    .select({
      ticket: tickets,
      user: { id: users.id, username: users.username },
      unread: unreadFor(side),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, id))
    .limit(1);
  return row;
}

/** A ticket's conversation, oldest first, each message with its author and attachments. */
export async function listTicketMessages(db: Executor, ticketId: string) {
  const messages = await db
    .select({
      id: ticketMessages.id,
      fromAdmin: ticketMessages.fromAdmin,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
      author: { id: users.id, username: users.username },
    })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const attachments = await db
    .select({
      id: ticketAttachments.id,
      messageId: ticketAttachments.messageId,
      name: ticketAttachments.name,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
    })
    .from(ticketAttachments)
    .innerJoin(files, eq(files.id, ticketAttachments.fileId))
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
  return { messages, attachments };
}

export async function insertTicketAttachment(
  db: Executor,
  values: { fileId: string; ticketId: string; uploadedById: string; name: string },
) {
  return oneRow(
    await db
      .insert(ticketAttachments)
      .values(values)
      .returning({ id: ticketAttachments.id, createdAt: ticketAttachments.createdAt }),
  );
}

/**
 * Gives a new message the attachments `ids`: only the uploader's own, on this ticket, not yet
 * sent with another message. Answers how many it took, so the caller refuses a partial claim.
 */
export async function claimTicketAttachments(
  db: Executor,
  claim: { ids: readonly string[]; ticketId: string; uploadedById: string; messageId: string },
) {
  if (claim.ids.length === 0) return 0;
  const rows = await db
    .update(ticketAttachments)
    .set({ messageId: claim.messageId })
    .where(
      and(
        inArray(ticketAttachments.id, [...claim.ids]),
        eq(ticketAttachments.ticketId, claim.ticketId),
        eq(ticketAttachments.uploadedById, claim.uploadedById),
        isNull(ticketAttachments.messageId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  return rows.length;
}

/** An attachment's bytes; an upload not yet sent is visible to its uploader only. */
export async function findTicketAttachmentFile(db: Executor, ticketId: string, id: string) {
  const [row] = await db
    .select({
      name: ticketAttachments.name,
      messageId: ticketAttachments.messageId,
      uploadedById: ticketAttachments.uploadedById,
      contentType: files.contentType,
      sha256: files.sha256,
      data: files.data,
    })
    .from(ticketAttachments)
    .innerJoin(files, eq(files.id, ticketAttachments.fileId))
    .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id)))
    .limit(1);
  return row;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listTickets(
  db: Executor,
  filter: {
    userId?: string;
    status?: TicketStatus;
    search?: string;
    sort?: Sort<TicketSortColumn> | undefined;
    side: TicketSide;
    limit: number;
    offset: number;
  },
) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  const where: SQL | undefined = and(
    filter.userId ? eq(tickets.userId, filter.userId) : undefined,
    filter.status ? eq(tickets.status, filter.status) : undefined,
    pattern
      ? or(
          ilike(tickets.subject, pattern),
          ilike(tickets.message, pattern),
          ilike(users.username, pattern),
        )
      : undefined,
  );
  const rows = await db
    .select({
      ticket: tickets,
      user: { id: users.id, username: users.username },
      unread: unreadFor(filter.side),
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .orderBy(
      ...sortedBy(
        filter.sort,
        {
          date: tickets.createdAt,
          subject: tickets.subject,
          status: tickets.status,
          user: users.username,
        },
        [desc(tickets.createdAt), desc(tickets.id)],
      ),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export type TicketListRow = Awaited<ReturnType<typeof listTickets>>['rows'][number];

/**
 * The key a report names, as the key pool's listing shows it (its first and last characters,
 * never the key), and what was done about it. A key's place is its rank among the keys the order
 * was delivered (`orderKeysInPlace`), replacements left out: as `keyPlacesOf`
 * (after-sale.repository.ts) places them.
 */
export async function reportedKeyOf(db: Executor, orderId: string, keyIndex: number) {
  const replacements = db
    .select({ id: orderKeyActions.replacementKeyId })
    .from(orderKeyActions)
    .where(and(eq(orderKeyActions.orderId, orderId), isNotNull(orderKeyActions.replacementKeyId)));
  const [[key], [action]] = await sideBySide(
    db,
    () =>
      db
        .select({ head: productKeys.head, hint: productKeys.hint })
        .from(productKeys)
        .where(and(eq(productKeys.orderId, orderId), notInArray(productKeys.id, replacements)))
        .orderBy(...orderKeysInPlace)
        .offset(keyIndex)
        .limit(1),
    () =>
      db
        .select({ action: orderKeyActions.action })
        .from(orderKeyActions)
        .where(and(eq(orderKeyActions.orderId, orderId), eq(orderKeyActions.keyIndex, keyIndex))),
  );
  return { key, action: action?.action };
}
