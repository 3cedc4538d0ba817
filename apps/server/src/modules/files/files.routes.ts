import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findFile } from './files.repository';
import { messages } from '@keymarket/contracts/messages';

const fileParamsSchema = z.object({ id: z.uuid(messages.fileNotFound) });

/**
 * GET /files/:id serves uploads. A file never changes once stored (a new image is a new id), so
 * browsers and CDNs may keep it for a year; the ETag (its SHA-256) answers revalidations with 304.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/files/:id',
    {
      config: { access: 'public' },
      schema: {
        params: fileParamsSchema,
        response: {
          200: z.any().meta({ description: 'The file bytes', type: 'string', format: 'binary' }),
          304: z.null().meta({ description: 'Not modified' }),
        },
      },
    },
    async (request, reply) => {
      const file = await findFile(db, request.params.id);
      // A ticket's attachment is private: served only through its ticket's access check. A key
      // file's parts are read by its import alone (key-imports.service.ts).
      if (!file || file.purpose === 'ticket-attachment' || file.purpose === 'key-import') {
        throw new AppError('not_found', messages.fileNotFound);
      }
      const etag = `"${file.sha256}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // The type was read from the bytes at upload; nosniff keeps browsers from second-guessing it.
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline');
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send(null);
      }
      return reply.type(file.contentType).send(file.data);
    },
  );
};

/** If-None-Match: `*`, or a list of (possibly weak) tags. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
