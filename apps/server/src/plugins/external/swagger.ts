import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { openApiTags, routeSummaries, tagOfPath } from './openapi-summaries';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/**
 * The zod schemas as JSON Schema, and every /api route in a group (its tag) with a summary: its
 * own, else the one openapi-summaries.ts names. The web app's files and fallback (outside /api)
 * are no part of the API and are left out.
 */
const transform: Transform = (input) => {
  if (!input.url.startsWith('/api/'))
    return { schema: { ...input.schema, hide: true }, url: input.url };
  const result = jsonSchemaTransform(input);
  const methods = [input.route.method].flat();
  const path = input.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
  const schema = result.schema as { tags?: string[]; summary?: string };
  const tag = tagOfPath(input.url);
  return {
    ...result,
    schema: {
      ...result.schema,
      tags: schema.tags ?? (tag ? [tag] : undefined),
      summary: schema.summary ?? routeSummaries[`${methods[0]} ${path}`],
    },
  };
};

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
        'The integration API for shops and bots is under /api/v1 (tag v1): authenticate with an API key, `Authorization: Bearer km_…`. The guide (authentication, idempotency, errors, limits, verifying a webhook signature): [/api/docs/guide.md](/api/docs/guide.md). The other routes serve the web app and take its session cookie.',
    },
    servers: [{ url: '/' }],
    tags: [...openApiTags],
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
  transform,
};
