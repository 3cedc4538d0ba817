import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (@fastify/swagger), generated from every route's zod schemas: served at
 * /api/docs/json (plugins/app/api-docs.ts) and /api/openapi.json.
 */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: 'Keymarket API',
      version: '0.1.0',
      description:
        'The integration API for shops and bots is under /api/v1 (tag v1): authenticate with an API key, `Authorization: Bearer km_…`. The guide is docs/api.md. The other routes serve the web app and take its session cookie.',
    },
    servers: [{ url: '/' }],
    tags: [{ name: 'v1', description: 'Integration API for shops and bots: API keys only' }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (km_…), created in the web app under "API & webhooks"',
        },
      },
    },
  },
  transform: jsonSchemaTransform,
};
