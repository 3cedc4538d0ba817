import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  alertListSchema,
  alertParamsSchema,
  alertSchema,
  createAlertSchema,
} from '@keymarket/contracts/settings';
import { authOf } from '../access/auth-context';
import type { AlertsService } from './alerts.service';

const admin = { access: ['admin'] } as const;

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (
  app,
  { alerts },
) => {
  app.get(
    '/alerts',
    { config: { access: 'authenticated' }, schema: { response: { 200: alertListSchema } } },
    (request) => alerts.list(authOf(request)),
  );

  app.post(
    '/alerts',
    { config: admin, schema: { body: createAlertSchema, response: { 201: alertSchema } } },
    async (request, reply) =>
      reply.status(201).send(await alerts.create(authOf(request), request.body)),
  );

  app.patch(
    '/alerts/:id/toggle',
    { config: admin, schema: { params: alertParamsSchema, response: { 200: alertSchema } } },
    (request) => alerts.toggle(authOf(request), request.params.id),
  );

  app.delete(
    '/alerts/:id',
    { config: admin, schema: { params: alertParamsSchema, response: { 200: okResponseSchema } } },
    (request) => alerts.remove(authOf(request), request.params.id),
  );
};
