import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allInvitationsQuerySchema,
  generateInvitationRequestSchema,
  invitationSchema,
  platformInvitationSchema,
} from '@keymarket/contracts/invitations';
import { paginated, pageQuerySchema } from '@keymarket/contracts/pagination';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import type { InvitationsService } from './invitations.service';

export const invitationsRoutes: FastifyPluginAsyncZod<{ invitations: InvitationsService }> = async (
  app,
  { invitations },
) => {
  app.post(
    '/invitations/generate',
    {
      config: { access: 'authenticated' },
      schema: { body: generateInvitationRequestSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.generate(authOf(request), request.body)),
  );

  app.get(
    '/invitations/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: pageQuerySchema, response: { 200: paginated(invitationSchema) } },
    },
    (request) => invitations.listMine(authOf(request), request.query),
  );

  app.get(
    '/invitations/all',
    {
      config: { access: ['admin'] },
      schema: {
        summary:
          'Every invitation code of the platform with its creator and the account it created (administrators; ?format=csv exports)',
        querystring: allInvitationsQuerySchema,
        response: { 200: paginated(platformInvitationSchema) },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        return sendCsv(reply, 'invitations', invitations.exportAll(authOf(request), request.query));
      }
      return invitations.listAll(authOf(request), request.query);
    },
  );
};
