import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { looseObjectPaths, registerStrictBodies } from './strict-bodies';

describe('looseObjectPaths', () => {
  it('finds every object that would drop unknown fields, however deep', () => {
    const schema = z.strictObject({
      top: z.object({ a: z.string() }),
      rows: z.array(z.object({ b: z.number() })).optional(),
      choice: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('x') }),
        z.object({ kind: z.literal('y') }),
      ]),
      piped: z.string().pipe(z.coerce.number()),
      links: z.record(z.string(), z.string()),
    });
    expect(looseObjectPaths(schema).sort()).toEqual(['body.choice', 'body.rows.[]', 'body.top']);
  });

  it('accepts strict objects, refined, partial or extended', () => {
    const schema = z
      .strictObject({ a: z.string(), nested: z.strictObject({ b: z.string() }) })
      .partial()
      .extend({ c: z.custom<Buffer>(() => true) })
      .refine(() => true);
    expect(looseObjectPaths(schema)).toEqual([]);
  });
});

describe('registerStrictBodies', () => {
  async function start(body: z.ZodType) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    registerStrictBodies(app);
    await app.register(async (child) => {
      child.post('/x', { schema: { body } }, () => ({ ok: true }));
    });
    await app.ready();
    return app;
  }

  it('refuses to start a route whose body would drop unknown fields', async () => {
    await expect(start(z.object({ a: z.string() }))).rejects.toThrow(
      /POST \/x: unknown fields would pass at body/,
    );
  });

  it('starts a route with a strict body', async () => {
    const app = await start(z.strictObject({ a: z.string() }));
    expect(app.hasRoute({ method: 'POST', url: '/x' })).toBe(true);
    await app.close();
  });
});
