import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  deleteKeysRequestSchema,
  deleteKeysResponseSchema,
  importKeysFileQuerySchema,
  importKeysRequestSchema,
  importKeysResponseSchema,
  KEYS_FILE_MAX_BYTES,
  keyImportListQuerySchema,
  keyImportListSchema,
  keyImportParamsSchema,
  keyImportSchema,
  moveKeysRequestSchema,
  moveKeysResponseSchema,
  productKeyListSchema,
  productKeyParamsSchema,
  productKeysQuerySchema,
} from '@keymarket/contracts/catalogue';
import { AppError, validationError } from '../../lib/app-error';
import { FILE_BODY_TEXT } from '../../lib/body-types';
import { sendCsv } from '../../lib/csv';
import { authOf } from '../access/auth-context';
import { productParams } from '../products/products.routes';
import { keyFileMessages } from './key-file';
import type { KeyImportsService } from './key-imports.service';
import type { ProductKeysService } from './key-pool.service';

// 10,000 keys of a few dozen characters each is well past the app's 1 MB JSON limit.
const KEYS_BODY_LIMIT = 6 * 1024 * 1024;

export const productKeysRoutes: FastifyPluginAsyncZod<{
  keys: ProductKeysService;
  imports: KeyImportsService;
}> = async (app, { keys, imports }) => {
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

  // A key file's body is handed to the route as the stream it is (no buffering, no body limit:
  // KeyFileReader caps lines and bytes as they come). Only in this plugin's routes. The file is
  // checked and stored, and answered as a queued import that runs in the background.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
    done(null, payload);
  });

  app.post(
    '/products/:id/keys/file',
    {
      config: { access: ['admin'], fileBody: true },
      schema: {
        params: productParams,
        querystring: importKeysFileQuerySchema,
        response: { 202: keyImportSchema },
      },
    },
    async (request, reply) => {
      // Any other content type was parsed as what it is (JSON, say), not a file.
      if (!(request.body instanceof Readable)) {
        throw validationError('body', FILE_BODY_TEXT);
      }
      // A file said to be too large is refused before a byte of it is read or stored.
      if (Number(request.headers['content-length'] ?? 0) > KEYS_FILE_MAX_BYTES) {
        throw new AppError('payload_too_large', keyFileMessages.tooBig);
      }
      const job = await imports.uploadKeyFile(authOf(request), request.params.id, {
        name: request.query.name,
        stream: request.body,
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/products/:id/keys/imports',
    {
      config: { access: ['admin'] },
      schema: {
        params: productParams,
        querystring: keyImportListQuerySchema,
        response: { 200: keyImportListSchema },
      },
    },
    (request) => imports.listImports(authOf(request), request.params.id, request.query.limit),
  );

  app.get(
    '/products/:id/keys/imports/:importId',
    {
      config: { access: ['admin'] },
      schema: { params: keyImportParamsSchema, response: { 200: keyImportSchema } },
    },
    (request) => imports.getImport(authOf(request), request.params.id, request.params.importId),
  );

  app.post(
    '/products/:id/keys/imports/:importId/cancel',
    {
      config: { access: ['admin'] },
      schema: { params: keyImportParamsSchema, response: { 200: keyImportSchema } },
    },
    (request) => imports.cancelImport(authOf(request), request.params.id, request.params.importId),
  );

  app.post(
    '/products/:id/keys/move',
    {
      config: { access: ['admin'] },
      schema: {
        params: productParams,
        body: moveKeysRequestSchema,
        response: { 200: moveKeysResponseSchema },
      },
    },
    (request) => keys.moveKeys(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id/keys',
    {
      config: { access: ['admin'] },
      schema: {
        params: productParams,
        body: deleteKeysRequestSchema,
        response: { 200: deleteKeysResponseSchema },
      },
    },
    (request) => keys.deleteKeys(authOf(request), request.params.id, request.body.keyIds),
  );

  app.delete(
    '/products/:id/keys/:keyId',
    {
      config: { access: ['admin'] },
      schema: { params: productKeyParamsSchema, response: { 200: deleteKeysResponseSchema } },
    },
    (request) => keys.deleteKeys(authOf(request), request.params.id, [request.params.keyId]),
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
