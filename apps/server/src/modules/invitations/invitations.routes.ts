import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateInvitationRequestSchema,
  invitationSchema,
} from '@keymarket/contracts/invitations';
import { paginated, pageQuerySchema } from '@keymarket/contracts/pagination';
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
};
