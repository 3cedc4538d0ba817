import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { AppError } from '../../lib/app-error';
import { SOME_FIELDS_INVALID } from './error-handler';

type JsonSchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is JsonSchemaNode =>
  typeof value === 'object' && value !== null;

/**
 * Where a body schema lets unknown fields through: every object with named properties that does
 * not refuse others (a `z.object` rather than a `z.strictObject`), as dotted paths from `body`.
 * Read from the schema's JSON Schema, the form zod documents, rather than from its internals.
 */
export function looseObjectPaths(schema: z.ZodType): string[] {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const found: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, path));
    if (!isNode(node)) return;
    if (isNode(node.properties)) {
      if (node.additionalProperties !== false) found.push(path);
      for (const [name, child] of Object.entries(node.properties)) visit(child, `${path}.${name}`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties') continue;
      visit(child, key === 'items' ? `${path}.[]` : path);
    }
  };
  visit(jsonSchema, 'body');
  return [...new Set(found)];
}

/** Methods that may carry a body, so that a route of theirs without a body schema refuses one. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * A route that takes no body (`POST /webhooks/{id}/secret`, `DELETE /api-keys/{id}`, …) refuses
 * a JSON body with fields in it, as a body schema would refuse an unknown field: a client that
 * sends `{"secret": "mine"}` learns that nothing took it, instead of a 200 that ignored it.
 * Nothing, `null` and `{}` pass (clients send `{}` with their JSON headers). Bodies of other
 * types (a key file's upload) are the route's own parser's business.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook's done callback unless it returns a promise
export const refuseUnexpectedJsonBody = async (request: FastifyRequest) => {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return;
  const { body } = request;
  if (body === undefined || body === null) return;
  if (!isPlainObject(body)) {
    throw new AppError('validation', 'This request takes no body', [
      { path: 'body', message: 'This request takes no body' },
    ]);
  }
  const fields = Object.keys(body);
  if (fields.length === 0) return;
  throw new AppError(
    'validation',
    fields.length === 1 ? messages.unknownField : SOME_FIELDS_INVALID,
    fields.map((field) => ({ path: `body.${field}`, message: messages.unknownField })),
  );
};

/**
 * Bodies are strict (DESIGN.md §2): a field the schema does not know is refused, so a client's
 * typo never passes silently. Like a route without an access rule, a route whose body schema
 * would drop unknown fields does not start; a route without a body schema refuses any field.
 */
export function registerStrictBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (!(body instanceof z.ZodType)) {
      const methods = [route.method].flat().map(String);
      if (!route.config?.fileBody && methods.some((method) => BODY_METHODS.has(method))) {
        route.preValidation = [...[route.preValidation ?? []].flat(), refuseUnexpectedJsonBody];
      }
      return;
    }
    const loose = looseObjectPaths(body);
    if (loose.length > 0) {
      throw new Error(
        `Route ${String(route.method)} ${route.url}: unknown fields would pass at ${loose.join(', ')}; use z.strictObject`,
      );
    }
  });
}
