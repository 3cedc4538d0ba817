import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importKeysRequestSchema,
  importKeysResponseSchema,
  productKeyListSchema,
  productKeysQuerySchema,
} from '@keymarket/contracts/catalogue';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import { productParams } from './products.routes';
import type { ProductKeysService } from './product-keys.service';

// 10,000 keys of a few dozen characters each is well past the app's 1 MB JSON limit.
const KEYS_BODY_LIMIT = 6 * 1024 * 1024;

export const productKeysRoutes: FastifyPluginAsyncZod<{ keys: ProductKeysService }> = async (
  app,
  { keys },
) => {
  app.post(
    '/products/:id/keys',
    {
      config: { access: ['admin'] },
      bodyLimit: KEYS_BODY_LIMIT,
      schema: {
        params: productParams,
        body: importKeysRequestSchema,
        response: { 200: importKeysResponseSchema },
      },
    },
    (request) => keys.importKeys(authOf(request), request.params.id, request.body.keys),
  );

  app.get(
    '/products/:id/keys',
    {
      config: { access: ['admin'] },
      schema: {
        params: productParams,
        querystring: productKeysQuerySchema,
        response: { 200: productKeyListSchema },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const stream = await keys.exportUnsold(authOf(request), request.params.id);
        return sendCsv(reply, 'unsold-keys', stream);
      }
      return keys.listKeys(authOf(request), request.params.id, request.query);
    },
  );
};
