import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTicketSchema,
  respondTicketSchema,
  ticketListSchema,
  ticketSchema,
  ticketsQuerySchema,
} from '@keymarket/contracts/tickets';
import { authOf } from '../access/auth-context';
import type { TicketsService } from './tickets.service';
import { messages } from '@keymarket/contracts/messages';

const idParams = z.object({ id: z.uuid(messages.ticketNotFound) });

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
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

  app.patch(
    '/tickets/:id/respond',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: respondTicketSchema, response: { 200: ticketSchema } },
    },
    (request) => tickets.respond(authOf(request), request.params.id, request.body),
  );
};
