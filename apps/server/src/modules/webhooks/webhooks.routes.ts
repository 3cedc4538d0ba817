import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookSchema,
  deliveriesQuerySchema,
  deliveryListSchema,
  deliverySchema,
  updateWebhookSchema,
  webhookListSchema,
  webhookSchema,
} from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import { authOf } from '../access/auth-context';
import type { WebhooksService } from './webhooks.service';

const idParams = z.object({ id: z.uuid(messages.webhookNotFound) });
const deliveryParams = idParams.extend({ deliveryId: z.uuid(messages.deliveryNotFound) });
const access = { access: 'authenticated' } as const;

/** A user's webhooks (DESIGN.md §9), managed from the web app with its session. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.post(
    '/webhooks',
    {
      config: access,
      schema: { body: createWebhookSchema, response: { 201: createdWebhookSchema } },
    },
    async (request, reply) => {
      const created = await webhooks.create(authOf(request), request.body);
      // The one answer that holds the secret: no cache along the way may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/webhooks',
    { config: access, schema: { response: { 200: webhookListSchema } } },
    (request) => webhooks.list(authOf(request)),
  );

  app.get(
    '/webhooks/:id',
    { config: access, schema: { params: idParams, response: { 200: webhookSchema } } },
    (request) => webhooks.get(authOf(request), request.params.id),
  );

  app.patch(
    '/webhooks/:id',
    {
      config: access,
      schema: { params: idParams, body: updateWebhookSchema, response: { 200: webhookSchema } },
    },
    (request) => webhooks.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    { config: access, schema: { params: idParams } },
    async (request, reply) => {
      await webhooks.remove(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/webhooks/:id/secret',
    { config: access, schema: { params: idParams, response: { 200: createdWebhookSchema } } },
    async (request, reply) => {
      const rolled = await webhooks.rollSecret(authOf(request), request.params.id);
      // Like the creation's answer, the one that holds the new secret.
      return reply.header('cache-control', 'no-store').send(rolled);
    },
  );

  app.post(
    '/webhooks/:id/test',
    { config: access, schema: { params: idParams, response: { 202: deliverySchema } } },
    async (request, reply) =>
      reply.status(202).send(await webhooks.test(authOf(request), request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: access,
      schema: {
        params: idParams,
        querystring: deliveriesQuerySchema,
        response: { 200: deliveryListSchema },
      },
    },
    (request) => webhooks.deliveries(authOf(request), request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    { config: access, schema: { params: deliveryParams, response: { 200: deliverySchema } } },
    (request) => webhooks.retry(authOf(request), request.params.id, request.params.deliveryId),
  );
};
