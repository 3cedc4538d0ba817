import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { pageOf } from '@keymarket/contracts/pagination';
import {
  TICKET_REOPEN_DAYS,
  ticketMessages,
  type createTicketSchema,
  type respondTicketSchema,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type ticketMessageInputSchema,
  type ticketsQuerySchema,
  type TicketStatus,
} from '@keymarket/contracts/tickets';
import type { Database, Executor } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../access/auth-context';
import { assertMayReadTicket, isAdmin, requireAdmin, ticketSideOf } from '../access/policy';
import { storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { notifyTicketOpened, notifyUser } from '../notifications/notification-writes';
import { reportDetailsOf } from './report-details';
import { attachmentView, ticketDetailView, ticketView } from './ticket-view';
import {
  claimTicketAttachments,
  findTicket,
  findTicketAttachmentFile,
  findTicketWithSide,
  insertTicket,
  insertTicketAttachment,
  insertTicketMessage,
  listTicketMessages,
  listTickets,
  lockTicket,
  markTicketRead,
  recordAdminMessage,
  updateTicket,
  type TicketSide,
} from './tickets.repository';

type TicketsQuery = z.output<typeof ticketsQuerySchema>;
type MessageInput = z.output<typeof ticketMessageInputSchema>;

const REOPEN_MS = TICKET_REOPEN_DAYS * 24 * 60 * 60 * 1000;

export class TicketsService {
  constructor(private readonly db: Database) {}

  /**
   * One ticket that is not closed per user. The partial unique index decides, so two tickets
   * created at the same instant cannot both get in.
   */
  async create(caller: AuthContext, input: z.output<typeof createTicketSchema>): Promise<Ticket> {
    try {
      const id = await this.db.transaction(async (tx) => {
        const ticketId = await insertTicket(tx, { userId: caller.userId, ...input });
        await notifyTicketOpened(tx, {
          ticketId,
          subject: input.subject,
          authorId: caller.userId,
          exceptUserId: caller.userId,
        });
        return ticketId;
      });
      return ticketView(await this.row(caller, id));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('open_ticket_exists', messages.openTicketExists);
      throw error;
    }
  }

  async mine(caller: AuthContext, query: TicketsQuery) {
    return this.page({ ...query, userId: caller.userId }, 'author');
  }

  async all(caller: AuthContext, query: TicketsQuery) {
    requireAdmin(caller);
    return this.page(query, 'admin');
  }

  /** The conversation; reading it clears the caller's side's unread marker. */
  async get(caller: AuthContext, id: string): Promise<TicketDetail> {
    const ticket = assertMayReadTicket(caller, await findTicket(this.db, id));
    await markTicketRead(this.db, id, ticketSideOf(caller, ticket));
    return this.detail(caller, id);
  }

  /** The specification's answer: an admin message that also sets the status (default closed). */
  async respond(
    caller: AuthContext,
    id: string,
    input: z.output<typeof respondTicketSchema>,
  ): Promise<Ticket> {
    requireAdmin(caller);
    await this.write(caller, id, { message: input.response, status: input.status }, 'respond');
    return ticketView(await this.row(caller, id));
  }

  /**
   * A message in the conversation. The author's (re)opens the ticket, within 7 days of its
   * closing; an admin's sets the status it sends, by default pending (waiting for the user).
   */
  async addMessage(caller: AuthContext, id: string, input: MessageInput): Promise<TicketDetail> {
    await this.write(caller, id, input, 'message');
    return this.detail(caller, id);
  }

  /** An uploaded file waiting to be sent with the uploader's next message on this ticket. */
  async attach(caller: AuthContext, id: string, upload: Upload): Promise<TicketAttachment> {
    const ticket = assertMayReadTicket(caller, await findTicket(this.db, id));
    const name = upload.filename.slice(0, 200) || 'attachment';
    const written = await this.db.transaction(async (tx) => {
      const fileId = await storeFile(tx, upload, {
        purpose: 'ticket-attachment',
        ownerId: caller.userId,
      });
      return insertTicketAttachment(tx, {
        fileId,
        ticketId: ticket.id,
        uploadedById: caller.userId,
        name,
      });
    });
    return attachmentView(ticket.id, {
      id: written.id,
      name,
      contentType: upload.contentType,
      sizeBytes: upload.sizeBytes,
    });
  }

  async attachment(caller: AuthContext, id: string, attachmentId: string) {
    assertMayReadTicket(caller, await findTicket(this.db, id));
    const file = await findTicketAttachmentFile(this.db, id, attachmentId);
    // Not sent yet: the uploader's draft, nobody else's business.
    if (!file || (file.messageId === null && file.uploadedById !== caller.userId)) {
      throw new AppError('not_found', ticketMessages.attachmentNotFound);
    }
    return file;
  }

  private async write(
    caller: AuthContext,
    id: string,
    input: MessageInput,
    kind: 'respond' | 'message',
  ) {
    try {
      await this.db.transaction(async (tx) => {
        // Locked: two messages at once each see the status the other left.
        const ticket = assertMayReadTicket(caller, await lockTicket(tx, id));
        const side = ticketSideOf(caller, ticket, input.status);
        const messageId =
          side === 'author'
            ? await this.authorMessage(tx, caller, ticket, input.message)
            : await this.adminMessage(tx, caller, ticket, input, kind);
        const ids = input.attachmentIds ?? [];
        const claimed = await claimTicketAttachments(tx, {
          ids,
          ticketId: ticket.id,
          uploadedById: caller.userId,
          messageId,
        });
        if (claimed !== new Set(ids).size || claimed !== ids.length) {
          throw validationError('body.attachmentIds', ticketMessages.attachmentUnavailable);
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Reopening a closed ticket while its author already has another one that is not closed:
      // the author meets the one-open-ticket rule, an admin a plain conflict.
      throw caller.role === 'admin'
        ? new AppError('conflict', ticketMessages.otherTicketOpen)
        : new AppError('open_ticket_exists', messages.openTicketExists);
    }
  }

  private async authorMessage(
    tx: Executor,
    caller: AuthContext,
    ticket: { id: string; subject: string; status: TicketStatus; closedAt: Date | null },
    body: string,
  ) {
    if (
      ticket.status === 'closed' &&
      (!ticket.closedAt || Date.now() - ticket.closedAt.getTime() > REOPEN_MS)
    ) {
      throw new AppError('conflict', ticketMessages.reopenExpired);
    }
    const written = await insertTicketMessage(tx, {
      ticketId: ticket.id,
      authorId: caller.userId,
      fromAdmin: false,
      body,
    });
    await updateTicket(tx, ticket.id, {
      status: 'open',
      closedAt: null,
      lastAuthorMessageAt: written.createdAt,
      authorReadAt: written.createdAt,
    });
    await notifyTicketOpened(tx, {
      type: 'ticket.replied',
      ticketId: ticket.id,
      subject: ticket.subject,
      authorId: caller.userId,
      exceptUserId: caller.userId,
    });
    return written.id;
  }

  private async adminMessage(
    tx: Executor,
    caller: AuthContext,
    ticket: { id: string; userId: string; subject: string; status: TicketStatus },
    input: MessageInput,
    kind: 'respond' | 'message',
  ) {
    const status = input.status ?? 'pending';
    const written = await recordAdminMessage(tx, ticket, {
      authorId: caller.userId,
      body: input.message,
      status,
    });
    await notifyUser(tx, {
      type: 'ticket.answered',
      userId: ticket.userId,
      data: { ticketId: ticket.id, subject: ticket.subject },
    });
    await writeAudit(tx, {
      actorId: caller.userId,
      action: kind === 'respond' ? 'ticket.respond' : 'ticket.message',
      targetType: 'ticket',
      targetId: ticket.id,
      before: { status: ticket.status },
      after: { status },
    });
    return written.id;
  }

  private async page(query: TicketsQuery & { userId?: string }, side: TicketSide) {
    const { rows, total } = await listTickets(this.db, {
      userId: query.userId,
      status: query.status,
      search: query.search,
      sort: query.sort,
      side,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return pageOf(rows.map(ticketView), query, total);
  }

  private async row(caller: AuthContext, id: string) {
    const ticket = assertMayReadTicket(caller, await findTicket(this.db, id));
    const row = await findTicketWithSide(this.db, id, ticketSideOf(caller, ticket));
    // Users are never deleted (a ban or suspension keeps the row), so a ticket keeps its author.
    if (!row) throw new Error(`Ticket ${id} has no author`);
    return row;
  }

  private async detail(caller: AuthContext, id: string): Promise<TicketDetail> {
    const row = await this.row(caller, id);
    const { orderId, keyIndex } = row.ticket;
    const [messages, report] = await Promise.all([
      listTicketMessages(this.db, id),
      // What the administrators decide a faulty-key report with; the author has its order.
      isAdmin(caller) && orderId !== null && keyIndex !== null
        ? reportDetailsOf(this.db, { orderId, keyIndex })
        : undefined,
    ]);
    return ticketDetailView(row, messages, report ?? null);
  }
}
