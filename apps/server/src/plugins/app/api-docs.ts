import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** The interactive API reference: Swagger UI over the OpenAPI document the routes generate. */
export const API_DOCS_PREFIX = '/api/docs';
/** The guide (docs/api.md), served as it is written: an integrator cannot open the repository. */
const API_GUIDE_PATH = `${API_DOCS_PREFIX}/guide.md`;

type ServedDocument = { json: string; etag: string };

/*
 * The document is the same for the process's whole life (the routes are fixed once the app is
 * ready), but building it walks every route's zod schemas: 1.5 s on an idle machine, and it was
 * built on the first visit to /api/docs, then serialised again (470 kB) on every one. It is
 * built once, kept as its JSON text with an ETag, and a browser revalidating gets a 304.
 */
// Keyed by the app's `swagger` function, which the /api scope shares with the root.
const served = new WeakMap<FastifyInstance['swagger'], ServedDocument>();

function documentOf(app: FastifyInstance): ServedDocument {
  let document = served.get(app.swagger);
  if (!document) {
    const json = JSON.stringify(app.swagger());
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    document = { json, etag };
    served.set(app.swagger, document);
  }
  return document;
}

/** Answers the OpenAPI document (GET /api/openapi.json and Swagger UI's own /api/docs/json). */
export function sendApiDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { json, etag } = documentOf(app);
  void reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Builds the document once the server listens, so no visitor waits for it. Not at `ready`: each
 * test builds an app and would pay for a document most never read.
 */
export function prepareApiDocument(app: FastifyInstance) {
  setImmediate(() => documentOf(app));
}

/** The repository's docs/api.md, found up from this module (src/ in development, or dist/). */
function readApiGuide(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 6; level++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'docs/api.md');
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

/**
 * Served from the files inside the npm package (no CDN, so it works offline), and under the app's
 * own Content-Security-Policy: the page loads its scripts from files, none inline. Its routes are
 * public (access.ts gives them `access: 'public'`): the document says what the API takes, never
 * anything about a user.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: {
      deepLinking: true,
      // The online validator's badge would be an image from another site.
      validatorUrl: null,
      // The groups folded: 200 operations drawn at once made the first view wait seconds.
      docExpansion: 'none',
      filter: true,
      tryItOutEnabled: false,
    },
    theme: { title: 'Keymarket API' },
    // The cached document instead of the plugin's own answer (built on the first visit).
    uiHooks: {
      onRequest: (request, reply, done) => {
        // Answering here, `done` is not called: the plugin's handler never runs.
        if (request.routeOptions.url === `${API_DOCS_PREFIX}/json`) {
          void sendApiDocument(app, request, reply);
          return;
        }
        done();
      },
    },
  });

  const guide = readApiGuide();
  app.get(
    API_GUIDE_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      if (guide === null) return reply.callNotFound();
      return reply
        .type('text/markdown; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(guide);
    },
  );
}
