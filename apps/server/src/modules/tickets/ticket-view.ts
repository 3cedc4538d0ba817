import type {
  Ticket,
  TicketAttachment,
  TicketDetail,
  TicketReportDetails,
  TICKET_ATTACHMENT_TYPES,
} from '@keymarket/contracts/tickets';
import type { listTicketMessages, TicketListRow } from './tickets.repository';

/** Where the API serves an attachment: behind the ticket's own access check, never /files. */
export const attachmentUrl = (ticketId: string, attachmentId: string) =>
  `/api/tickets/${ticketId}/attachments/${attachmentId}`;

export function ticketView(row: TicketListRow): Ticket {
  const { ticket } = row;
  const lastMessageAt =
    ticket.lastAdminMessageAt && ticket.lastAdminMessageAt > ticket.lastAuthorMessageAt
      ? ticket.lastAdminMessageAt
      : ticket.lastAuthorMessageAt;
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
    unread: row.unread,
    lastMessageAt: lastMessageAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

type Conversation = Awaited<ReturnType<typeof listTicketMessages>>;
type AttachmentRow = Conversation['attachments'][number];

export function attachmentView(ticketId: string, row: Omit<AttachmentRow, 'messageId'>) {
  return {
    id: row.id,
    name: row.name,
    // The type was read from the bytes at upload against this same list.
    contentType: row.contentType as (typeof TICKET_ATTACHMENT_TYPES)[number],
    sizeBytes: row.sizeBytes,
    url: attachmentUrl(ticketId, row.id),
  } satisfies TicketAttachment;
}

export function ticketDetailView(
  row: TicketListRow,
  conversation: Conversation,
  reportDetails: TicketReportDetails | null,
): TicketDetail {
  const byMessage = new Map<string, TicketAttachment[]>();
  for (const attachment of conversation.attachments) {
    if (!attachment.messageId) continue; // uploaded, not sent yet
    const list = byMessage.get(attachment.messageId) ?? [];
    list.push(attachmentView(row.ticket.id, attachment));
    byMessage.set(attachment.messageId, list);
  }
  return {
    ...ticketView(row),
    reportDetails,
    messages: conversation.messages.map((message) => ({
      id: message.id,
      fromAdmin: message.fromAdmin,
      author: message.author,
      body: message.body,
      attachments: byMessage.get(message.id) ?? [],
      createdAt: message.createdAt.toISOString(),
    })),
  };
}
