import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import {
  endedSessionsSchema,
  endOtherSessionsQuerySchema,
  sessionIdParamsSchema,
  sessionListSchema,
} from '@keymarket/contracts/sessions';
import { authOf } from '../access/auth-context';
import type { SessionsService } from './sessions.service';

const userParams = z.object({ id: z.uuid(messages.userNotFound) });
const ended = { 200: endedSessionsSchema };

/** Signed-in devices: the caller's own, and (administrators) another user's. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/users/me/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Your signed-in devices, last seen first; `current` is this one',
        response: { 200: sessionListSchema },
      },
    },
    (request) => sessions.listMine(authOf(request)),
  );

  app.delete(
    '/users/me/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Sign out every other device (?others=true); this one stays signed in',
        querystring: endOtherSessionsQuerySchema,
        response: ended,
      },
    },
    (request) => sessions.endMyOthers(authOf(request)),
  );

  app.delete(
    '/users/me/sessions/:sessionId',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Sign out one of your other devices',
        params: sessionIdParamsSchema,
        response: ended,
      },
    },
    (request) => sessions.endMine(authOf(request), request.params.sessionId),
  );

  app.get(
    '/users/:id/sessions',
    {
      config: { access: ['admin'] },
      schema: {
        summary: "A user's signed-in devices (administrators)",
        params: userParams,
        response: { 200: sessionListSchema },
      },
    },
    (request) => sessions.listOf(authOf(request), request.params.id),
  );

  app.delete(
    '/users/:id/sessions',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Sign a user out of every device (administrators; audited)',
        params: userParams,
        response: ended,
      },
    },
    (request) => sessions.endOf(authOf(request), request.params.id),
  );

  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      config: { access: ['admin'] },
      schema: {
        summary: 'Sign a user out of one device (administrators; audited)',
        params: userParams.extend(sessionIdParamsSchema.shape),
        response: ended,
      },
    },
    (request) => sessions.endOf(authOf(request), request.params.id, request.params.sessionId),
  );
};
