import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  updateApiKeySchema,
} from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import { authOf } from '../access/auth-context';
import type { ApiKeysService } from './api-keys.service';

const idParams = z.object({ id: z.uuid(messages.apiKeyNotFound) });

/** Managed from the web app (a session): a key never creates, lists, edits or revokes keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (
  app,
  { apiKeys },
) => {
  app.post(
    '/api-keys',
    {
      config: { access: 'authenticated' },
      schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } },
    },
    async (request, reply) => {
      const created = await apiKeys.create(authOf(request), request.body);
      // The one answer that holds the whole key: no cache along the way may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/api-keys',
    { config: { access: 'authenticated' }, schema: { response: { 200: apiKeyListSchema } } },
    (request) => apiKeys.list(authOf(request)),
  );

  app.patch(
    '/api-keys/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, body: updateApiKeySchema, response: { 200: apiKeySchema } },
    },
    (request) => apiKeys.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: idParams, response: { 200: apiKeySchema } },
    },
    (request) => apiKeys.revoke(authOf(request), request.params.id),
  );
};
