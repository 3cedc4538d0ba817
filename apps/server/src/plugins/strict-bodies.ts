import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

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

/**
 * Bodies are strict (DESIGN.md §2): a field the schema does not know is refused, so a client's
 * typo never passes silently. Like a route without an access rule, a route whose body schema
 * would drop unknown fields does not start.
 */
export function registerStrictBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (!(body instanceof z.ZodType)) return;
    const loose = looseObjectPaths(body);
    if (loose.length > 0) {
      throw new Error(
        `Route ${String(route.method)} ${route.url}: unknown fields would pass at ${loose.join(', ')}; use z.strictObject`,
      );
    }
  });
}
