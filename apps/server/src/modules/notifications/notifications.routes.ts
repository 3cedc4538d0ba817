import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationIdParams,
  notificationItemSchema,
  notificationListSchema,
  notificationsQuerySchema,
  readAllSchema,
  unreadCountSchema,
} from '@keymarket/contracts/notifications';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { authOf } from '../access/auth-context';
import type { LiveHub } from './live-hub';
import { NotificationStream, type StreamOptions } from './notification-stream';
import type { NotificationsService } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  db: Database;
  hub: LiveHub;
  stream: StreamOptions;
}> = async (app, { notifications, db, hub, stream }) => {
  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: { querystring: notificationsQuerySchema, response: { 200: notificationListSchema } },
    },
    (request) => notifications.list(authOf(request), request.query),
  );

  app.get(
    '/notifications/unread-count',
    { config: { access: 'authenticated' }, schema: { response: { 200: unreadCountSchema } } },
    (request) => notifications.unread(authOf(request)),
  );

  app.post(
    '/notifications/read-all',
    { config: { access: 'authenticated' }, schema: { response: { 200: readAllSchema } } },
    (request) => notifications.readAll(authOf(request)),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: { params: notificationIdParams, response: { 200: notificationItemSchema } },
    },
    (request) => notifications.read(authOf(request), request.params.id),
  );

  // Server-Sent Events. `lastEventId` in the query does what the header does, for a client that
  // opens a new EventSource after its own had given up (EventSource sends the header only on
  // its own reconnections).
  app.get(
    '/notifications/stream',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({ lastEventId: z.string().max(40).optional() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      // HEAD (Fastify answers it with this handler) gets the stream's headers and no stream:
      // opened, the stream would hold the connection, headers unsent, until its maximum age.
      if (request.method === 'HEAD') {
        return reply.header('cache-control', 'no-store').type('text/event-stream').send();
      }
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
      // The answer is written by the stream from here on, past compression and serialisation.
      reply.hijack();
      await new NotificationStream(db, hub, caller, reply.raw, request.log).open(
        lastEventId,
        stream,
      );
    },
  );
};
