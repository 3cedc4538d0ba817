import type { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { pageOf } from '@keymarket/contracts/pagination';
import type {
  createTicketSchema,
  respondTicketSchema,
  Ticket,
  ticketsQuerySchema,
} from '@keymarket/contracts/tickets';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { AuthContext } from '../access/auth-context';
import { assertMayReadTicket, requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import { notifyTicketOpened, notifyUser } from '../notifications/notification-writes';
import { findUserById } from '../users/users.repository';
import {
  findTicket,
  insertTicket,
  listTickets,
  updateTicket,
  type TicketListRow,
} from './tickets.repository';

type TicketsQuery = z.output<typeof ticketsQuerySchema>;

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
      return this.view(caller, id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('open_ticket_exists', messages.openTicketExists);
      throw error;
    }
  }

  async mine(caller: AuthContext, query: TicketsQuery) {
    return this.page({ ...query, userId: caller.userId });
  }

  async all(caller: AuthContext, query: TicketsQuery) {
    requireAdmin(caller);
    return this.page(query);
  }

  async respond(
    caller: AuthContext,
    id: string,
    input: z.output<typeof respondTicketSchema>,
  ): Promise<Ticket> {
    requireAdmin(caller);
    const ticket = assertMayReadTicket(caller, await findTicket(this.db, id));
    try {
      await this.db.transaction(async (tx) => {
        await updateTicket(tx, id, {
          adminResponse: input.response,
          status: input.status,
          respondedById: caller.userId,
          respondedAt: new Date(),
        });
        if (ticket.userId !== caller.userId) {
          await notifyUser(tx, {
            type: 'ticket.answered',
            userId: ticket.userId,
            data: { ticketId: id, subject: ticket.subject },
          });
        }
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'ticket.respond',
          targetType: 'ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status: input.status },
        });
      });
    } catch (error) {
      // Reopening a closed ticket while its author already has another open one.
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', 'This user already has another ticket that is not closed');
      }
      throw error;
    }
    return this.view(caller, id);
  }

  private async page(query: TicketsQuery & { userId?: string }) {
    const { rows, total } = await listTickets(this.db, {
      userId: query.userId,
      status: query.status,
      search: query.search,
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return pageOf(rows.map(ticketView), query, total);
  }

  private async view(caller: AuthContext, id: string): Promise<Ticket> {
    const ticket = assertMayReadTicket(caller, await findTicket(this.db, id));
    const author = await findUserById(this.db, ticket.userId);
    // Users are never deleted (a ban or suspension keeps the row), so a ticket keeps its author.
    if (!author) throw new Error(`Ticket ${ticket.id} has no author`);
    return ticketView({ ticket, user: { id: author.id, username: author.username } });
  }
}

function ticketView(row: TicketListRow): Ticket {
  const { ticket } = row;
  return {
    id: ticket.id,
    subject: ticket.subject,
    message: ticket.message,
    status: ticket.status,
    adminResponse: ticket.adminResponse,
    report:
      ticket.orderId !== null && ticket.keyIndex !== null
        ? { orderId: ticket.orderId, keyIndex: ticket.keyIndex }
        : null,
    user: row.user,
    respondedAt: ticket.respondedAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}
