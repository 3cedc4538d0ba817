import { describe, expect, it } from 'vitest';
import { routeSummaries } from '../src/plugins/external/openapi-summaries';
import { useTestApp } from './helpers/use-app';

const ctx = useTestApp();

describe('GET /api/docs: the interactive API reference', () => {
  it('serves Swagger UI from its own files, with no inline script, under the app CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Every script is a file of ours: nothing inline for the CSP to block, nothing from a CDN.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      expect(attributes).toMatch(/src="\.\/static\//);
    }
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const asset = await ctx.app.inject({ method: 'GET', url: `/api/docs/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
  });

  it('documents every v1 call, with its API-key security and an example', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const v1 = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(v1.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'delete /api/v1/webhooks/{id}',
      'get /api/v1/balance',
      'get /api/v1/orders',
      'get /api/v1/orders/{id}',
      'get /api/v1/products',
      'get /api/v1/products/{id}',
      'get /api/v1/topup-methods',
      'get /api/v1/topups/{id}',
      'get /api/v1/webhooks',
      'post /api/v1/orders',
      'post /api/v1/orders/{id}/report',
      'post /api/v1/topups',
      'post /api/v1/webhooks',
    ]);
    for (const { operation, method, path } of v1) {
      expect(operation.security, `${method} ${path}`).toEqual([{ apiKey: [] }]);
      expect(operation.tags).toEqual(['v1']);
      expect(JSON.stringify(operation.responses), `${method} ${path}`).toContain('"example"');
    }
    const placeOrder = doc.paths['/api/v1/orders']?.post;
    expect(JSON.stringify(placeOrder?.parameters)).toContain('idempotency-key');
    expect(JSON.stringify(placeOrder?.requestBody)).toContain('"example"');
  });

  it('documents every upload as multipart/form-data, never as JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    const uploads = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => JSON.stringify(operation.requestBody ?? {}).includes('"binary"'))
        .map(([method, operation]) => ({
          call: `${method} ${path}`,
          types: Object.keys(operation.requestBody!.content),
        })),
    );
    // Every route with `config.upload`: category, subcategory and product images, the music
    // file, the avatar, a top-up's proof and a ticket's attachment. A new upload route belongs
    // here too.
    expect(uploads.map(({ call }) => call).sort()).toEqual([
      'post /api/categories/category',
      'post /api/categories/subcategory',
      'post /api/music/update',
      'post /api/products',
      'post /api/tickets/{id}/attachments',
      'post /api/topups',
      'put /api/categories/category/{id}',
      'put /api/categories/subcategory/{id}',
      'put /api/products/{id}',
      'put /api/users/avatars/profile-picture',
    ]);
    for (const { call, types } of uploads) expect(types, call).toEqual(['multipart/form-data']);
  });

  it('gives every operation a group and a summary, and names only routes that exist', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<{
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        call: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(150);
    const groups = new Set(doc.tags.map((tag) => tag.name));
    const untagged = operations.filter(({ operation }) => !operation.tags?.length);
    const unknownGroup = operations.filter(({ operation }) =>
      operation.tags?.some((tag) => !groups.has(tag)),
    );
    const unsummarised = operations.filter(({ operation }) => !operation.summary?.trim());
    expect(untagged.map(({ call }) => call)).toEqual([]);
    expect(unknownGroup.map(({ call }) => call)).toEqual([]);
    // A new route: give it `schema.summary`, or name it in src/plugins/external/openapi-summaries.ts.
    expect(unsummarised.map(({ call }) => call)).toEqual([]);
    // The web app's own files are no part of the API.
    expect(operations.filter(({ call }) => !call.includes(' /api/'))).toEqual([]);
    const documented = new Set(operations.map(({ call }) => call.replace(' /api', ' ')));
    const stale = Object.keys(routeSummaries).filter((call) => !documented.has(call));
    expect(stale).toEqual([]);
  });

  it('answers the document from one build, with an ETag a browser revalidates against', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('serves the written guide to integrators, linked from the reference', async () => {
    const guide = await ctx.app.inject({ method: 'GET', url: '/api/docs/guide.md' });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toMatch(/^text\/markdown/);
    expect(guide.body).toContain('Idempotency-Key');
    expect(guide.body).toContain('Keymarket-Signature');
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      info: { description: string };
    }>();
    expect(doc.info.description).toContain('/api/docs/guide.md');
    expect(doc.info.description).not.toContain('docs/api.md');
  });
});
