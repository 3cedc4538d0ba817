import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** The interactive API reference: Swagger UI over the OpenAPI document the routes generate. */
export const API_DOCS_PREFIX = '/api/docs';

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
      docExpansion: 'list',
      filter: true,
      tryItOutEnabled: false,
    },
    theme: { title: 'Keymarket API' },
  });
}
