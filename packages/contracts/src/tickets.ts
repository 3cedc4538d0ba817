import { z } from './zod';
import { messages } from './messages';
import { paginationSchema, sortParam, pageFields } from './pagination';
import { userRefSchema } from './users';
import { freeText, searchText } from './text';

export const TICKET_SUBJECT_MIN = 5;
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MIN = 10;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_RESPONSE_MAX = 5000;
/** Attachments: images or PDF, read from their content, at most 5 MB each and 5 per message. */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export const TICKET_ATTACHMENTS_PER_MESSAGE = 5;
/** A closed ticket's author may reopen it by writing, for this long after it was closed. */
export const TICKET_REOPEN_DAYS = 7;

/** The conversation's own texts (shown by the web app through i18n, by type and path). */
export const ticketMessages = {
  attachmentTooLarge: 'An attachment must be 5 MB or less',
  attachmentUnsupported: 'An attachment must be a PNG, JPEG, WebP or GIF image, or a PDF',
  attachmentRequired: 'Choose a file to attach',
  attachmentsMax: 'Attach at most 5 files to a message',
  attachmentNotFound: 'Attachment not found',
  attachmentUnavailable:
    'This attachment was not uploaded to this ticket by you, or is already sent',
  reopenExpired: 'This ticket was closed more than 7 days ago. Please open a new ticket.',
  otherTicketOpen: 'This user already has another ticket that is not closed',
} as const;

export const ticketStatuses = ['open', 'pending', 'closed'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const createTicketSchema = z.strictObject({
  subject: freeText({ error: messages.ticketSubjectMin })
    .trim()
    .min(TICKET_SUBJECT_MIN, messages.ticketSubjectMin)
    .max(TICKET_SUBJECT_MAX, messages.ticketSubjectMax),
  message: freeText({ error: messages.ticketMessageMin })
    .trim()
    .min(TICKET_MESSAGE_MIN, messages.ticketMessageMin)
    .max(TICKET_MESSAGE_MAX, messages.ticketMessageMax),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

/** The admin's answer; `status` defaults to closed (answered). */
export const respondTicketSchema = z.strictObject({
  response: freeText({ error: messages.ticketResponseRequired })
    .trim()
    .min(1, messages.ticketResponseRequired)
    .max(TICKET_RESPONSE_MAX, messages.ticketResponseMax),
  status: ticketStatusSchema.default('closed'),
});
export type RespondTicketInput = z.input<typeof respondTicketSchema>;

// The answer's texts, which the web app already words in every language.
const ticketMessageText = () =>
  freeText({ error: messages.ticketResponseRequired })
    .trim()
    .min(1, messages.ticketResponseRequired)
    .max(TICKET_MESSAGE_MAX, messages.ticketMessageMax);

/**
 * A new message in a ticket's conversation. An admin may also set the status (default `pending`:
 * waiting for the user); the author's message (re)opens the ticket, so it sends no status.
 */
export const ticketMessageInputSchema = z.strictObject({
  message: ticketMessageText(),
  attachmentIds: z
    .array(z.uuid(ticketMessages.attachmentNotFound))
    .max(TICKET_ATTACHMENTS_PER_MESSAGE, ticketMessages.attachmentsMax)
    .optional(),
  status: ticketStatusSchema.optional(),
});
export type TicketMessageInput = z.input<typeof ticketMessageInputSchema>;

export const ticketAttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(TICKET_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  /** Served to the ticket's author and admins only. */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketMessageSchema = z.object({
  id: z.uuid(),
  fromAdmin: z.boolean(),
  author: userRefSchema,
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  createdAt: z.iso.datetime(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: ticketStatusSchema,
  adminResponse: z.string().nullable(),
  /** A faulty-key report: the order and the key's place in it (DESIGN.md §11). */
  report: z.object({ orderId: z.uuid(), keyIndex: z.number().int() }).nullable(),
  user: userRefSchema,
  respondedAt: z.iso.datetime().nullable(),
  /** The other side wrote since the caller's side last read the conversation. */
  unread: z.boolean(),
  lastMessageAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * What an administrator decides a faulty-key report with (DESIGN.md §11): the key, masked (its
 * first and last characters, as the key pool lists keys: the full key stays in the order), the
 * order and what it paid for the unit, the buyer, and the product's unsold keys a replacement
 * would come from.
 */
export const ticketReportDetailsSchema = z.object({
  orderId: z.uuid(),
  keyIndex: z.number().int(),
  /** Null when the order no longer holds a key at that place. */
  maskedKey: z.string().nullable(),
  keyState: z.enum(['delivered', 'reported', 'replaced', 'refunded']),
  productId: z.uuid(),
  productName: z.string(),
  quantity: z.number().int(),
  /** USD: what one unit cost the buyer, and what a unit refund gives back. */
  unitPrice: z.number(),
  buyer: userRefSchema,
  /** The product's unsold keys now; null when the product is gone. */
  poolStock: z.number().int().nullable(),
});
export type TicketReportDetails = z.infer<typeof ticketReportDetailsSchema>;

/** `GET /tickets/{id}`: the ticket and its conversation, oldest message first. */
export const ticketDetailSchema = ticketSchema.extend({
  messages: z.array(ticketMessageSchema),
  /** Administrators, for a faulty-key report; null otherwise. */
  reportDetails: ticketReportDetailsSchema.nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** The columns the tickets table sorts by (`?sort=-date`). */
export const ticketSortColumns = ['date', 'subject', 'status', 'user'] as const;
export type TicketSortColumn = (typeof ticketSortColumns)[number];

export const ticketsQuerySchema = z.object({
  ...pageFields(),
  status: ticketStatusSchema.optional(),
  search: searchText().max(100).optional(),
  sort: sortParam(ticketSortColumns).optional(),
});

export const ticketListSchema = z.object({
  data: z.array(ticketSchema),
  pagination: paginationSchema,
});
