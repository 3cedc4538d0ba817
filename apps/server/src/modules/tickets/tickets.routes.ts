import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketSchema,
  respondTicketSchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  ticketAttachmentSchema,
  ticketDetailSchema,
  ticketListSchema,
  ticketMessageInputSchema,
  ticketMessages,
  ticketSchema,
  ticketsQuerySchema,
} from '@keymarket/contracts/tickets';
import { fileTypeFromBuffer } from 'file-type';
import { registerUploads, uploadSchema, type UploadRule } from '../../lib/uploads';
import { authOf } from '../access/auth-context';
import type { TicketsService } from './tickets.service';
import { messages } from '@keymarket/contracts/messages';

const idParams = z.object({ id: z.uuid(messages.ticketNotFound) });
const attachmentParams = idParams.extend({
  attachmentId: z.uuid(ticketMessages.attachmentNotFound),
});

const accepted = new Set<string>(TICKET_ATTACHMENT_TYPES);

/** Images or PDF, read from the bytes (an animated PNG is a PNG), at most 5 MB. */
const attachmentUpload: UploadRule = {
  field: 'file',
  maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
  tooLargeText: ticketMessages.attachmentTooLarge,
  async detect(bytes) {
    const found = await fileTypeFromBuffer(bytes);
    const mime = found?.mime === 'image/apng' ? 'image/png' : found?.mime;
    return mime && accepted.has(mime) ? mime : undefined;
  },
  unsupportedText: ticketMessages.attachmentUnsupported,
};

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
  await registerUploads(app);

  app.post(
    '/tickets/create',
    {
      config: { access: 'authenticated' },
      schema: { body: createTicketSchema, response: { 201: ticketSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await tickets.create(authOf(request), request.body)),
  );

  app.get(
    '/tickets/my-tickets',
    {
      config: { access: 'authenticated' },
      schema: { querystring: ticketsQuerySchema, response: { 200: ticketListSchema } },
    },
    (request) => tickets.mine(authOf(request), request.query),
  );

  app.get(
    '/tickets/all',
    {
      config: { access: ['admin'] },
      schema: { querystring: ticketsQuerySchema, response: { 200: ticketListSchema } },
    },
    (request) => tickets.all(authOf(request), request.query),
  );

  app.get(
    '/tickets/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, response: { 200: ticketDetailSchema } },
    },
    (request) => tickets.get(authOf(request), request.params.id),
  );

  app.post(
    '/tickets/:id/messages',
    {
      config: { access: 'authenticated' },
      schema: {
        params: idParams,
        body: ticketMessageInputSchema,
        response: { 201: ticketDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tickets.addMessage(authOf(request), request.params.id, request.body)),
  );

  app.post(
    '/tickets/:id/attachments',
    {
      config: { access: 'authenticated', upload: attachmentUpload },
      schema: {
        params: idParams,
        body: z.strictObject({ file: uploadSchema(ticketMessages.attachmentRequired) }),
        response: { 201: ticketAttachmentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tickets.attach(authOf(request), request.params.id, request.body.file)),
  );

  app.get(
    '/tickets/:id/attachments/:attachmentId',
    {
      config: { access: 'authenticated' },
      schema: {
        params: attachmentParams,
        response: {
          200: z.any().meta({ description: 'The file bytes', type: 'string', format: 'binary' }),
        },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await tickets.attachment(authOf(request), id, attachmentId);
      return reply
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .type(file.contentType)
        .send(file.data);
    },
  );

  app.patch(
    '/tickets/:id/respond',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: respondTicketSchema, response: { 200: ticketSchema } },
    },
    (request) => tickets.respond(authOf(request), request.params.id, request.body),
  );
};
