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
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Ticket = z.infer<typeof ticketSchema>;

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
