import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Invitation } from '@keymarket/contracts/invitations';
import type { ApiKeyGate } from '../src/modules/api-keys/api-key-gate';
import type { SessionGate } from '../src/modules/auth/session-gate';
import { registerAccessControl } from '../src/plugins/app/access';
import { registerErrorHandler } from '../src/plugins/app/error-handler';
import { expectError, expectNoLeak, expectValidation } from './helpers/expect-error';
import { generateCode, register, signupPayload } from './helpers/signup';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');

/** POST /api/auth/login with a raw body and content type. */
const rawLogin = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': contentType },
    payload,
  });

/** A message like "Expected object, received object" says nothing about the mistake. */
const SELF_CONTRADICTION = /Expected (\w+), received \1\b/;

describe('bad request bodies get the envelope, never a 500', () => {
  it('malformed JSON: 400 bad_request', async () => {
    expectError(await rawLogin('{"identifier": "a",'), 400, 'bad_request');
  });

  it('wrong types: 400 validation with a detail per field', async () => {
    const res = await rawLogin(JSON.stringify({ identifier: 42, password: true }));
    const body = expectValidation(res, 'body.identifier');
    expect(body.details?.map((d) => d.path).sort()).toEqual(['body.identifier', 'body.password']);
  });

  it('no body at all: 400 validation on body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    expectValidation(res, 'body', 'This field is required');
  });

  it('an empty body declared as JSON: 400 bad_request', async () => {
    expectError(await rawLogin(''), 400, 'bad_request');
  });

  it('a JSON array instead of an object: 400 validation on body', async () => {
    expectValidation(await rawLogin('[{"identifier":"a","password":"b"}]'), 'body');
  });

  it('a JSON string or null instead of an object: 400 validation on body', async () => {
    expectValidation(await rawLogin('"hello"'), 'body');
    expectValidation(await rawLogin('null'), 'body');
  });

  it('names what was received when it is an array or not a number', async () => {
    const array = expectValidation(await rawLogin('[]'), 'body');
    expect(array.message.text).not.toMatch(SELF_CONTRADICTION);
    const nan = expectValidation(
      await admin.inject({ method: 'GET', url: '/api/invitations/?page=abc' }),
      'querystring.page',
    );
    expect(nan.message.text).not.toMatch(SELF_CONTRADICTION);
  });

  it('a 2 MB body: 413 payload_too_large', async () => {
    const huge = JSON.stringify({ identifier: 'x'.repeat(2 * 1024 * 1024), password: 'p' });
    expectError(await rawLogin(huge), 413, 'payload_too_large');
  });

  it('a form-encoded body: 415 unsupported_media_type', async () => {
    const res = await rawLogin('identifier=a&password=b', 'application/x-www-form-urlencoded');
    expectError(res, 415, 'unsupported_media_type');
  });

  it('a multipart body on a JSON route: 415 unsupported_media_type', async () => {
    const res = await rawLogin(
      '--x\r\nContent-Disposition: form-data; name="identifier"\r\n\r\na\r\n--x--\r\n',
      'multipart/form-data; boundary=x',
    );
    expectError(res, 415, 'unsupported_media_type');
  });

  it('a text/plain body: 415 unsupported_media_type', async () => {
    const res = await rawLogin('{"identifier":"a","password":"b"}', 'text/plain');
    expectError(res, 415, 'unsupported_media_type');
  });

  it.each([
    ['__proto__', '{"identifier":"a","password":"b","__proto__":{"role":"admin"}}'],
    ['constructor.prototype', '{"identifier":"a","password":"b","constructor":{"prototype":{}}}'],
  ])('a %s key: 400 bad_request', async (_, payload) => {
    expectError(await rawLogin(payload), 400, 'bad_request');
  });
});

describe('forbidden property names', () => {
  it.each([
    ['__proto__', '{"identifier":"a","password":"b","__proto__":{"role":"admin"}}'],
    ['constructor.prototype', '{"identifier":"a","password":"b","constructor":{"prototype":{}}}'],
  ])('a %s key is named as such, not called invalid JSON', async (_, payload) => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      expectError(
        await rawLogin(payload, contentType),
        400,
        'bad_request',
        'The request body contains a forbidden property name',
      );
    }
  });

  it('still calls malformed JSON invalid, and parses JSON sent with a charset', async () => {
    expectError(
      await rawLogin('{"identifier": "a",', 'application/json; charset=utf-8'),
      400,
      'bad_request',
      'The request body is not valid JSON',
    );
    const res = await rawLogin(
      '{"identifier":"nobody","password":"x"}',
      'application/json; charset=utf-8',
    );
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe('strict bodies (DESIGN.md §2)', () => {
  it('refuses unknown fields with one detail naming each, and creates nothing', async () => {
    const codes = async () =>
      (await admin.inject({ method: 'GET', url: '/api/invitations/' })).json<{
        pagination: { total: number };
      }>().pagination.total;
    const before = await codes();
    const res = await admin.inject({
      method: 'POST',
      url: '/api/invitations/generate',
      payload: { expiryDays: 3, expiryDay: 5, note: 'typo' },
    });
    const body = expectError(res, 400, 'validation', 'Some fields are not valid');
    expect(body.details).toEqual([
      { path: 'body.expiryDay', message: messages.unknownField },
      { path: 'body.note', message: messages.unknownField },
    ]);
    expect(await codes()).toBe(before);
  });

  it('names unknown fields inside nested objects', async () => {
    const res = await admin.inject({
      method: 'PATCH',
      url: '/api/products/bulk-update-prices',
      payload: {
        products: [{ productId: '00000000-0000-4000-8000-000000000000', price: 1 }],
      },
    });
    const body = expectError(res, 400, 'validation');
    expect(body.details).toContainEqual({
      path: 'body.products.0.price',
      message: messages.unknownField,
    });
  });
});

describe('bad query strings', () => {
  it.each([
    ['page=abc', 'querystring.page'],
    ['page=-1', 'querystring.page'],
    ['page=1.5', 'querystring.page'],
    ['limit=1000', 'querystring.limit'],
    ['limit=', 'querystring.limit'],
    // Numbers only to JavaScript: z.coerce.number() read these as 16, 10 and 3.
    ['page=0x10', 'querystring.page'],
    ['page=1e1', 'querystring.page'],
    ['limit=0b11', 'querystring.limit'],
    ['limit=%2010', 'querystring.limit'],
  ])('?%s: 400 validation on %s', async (query, path) => {
    const res = await admin.inject({ method: 'GET', url: `/api/invitations/?${query}` });
    expectValidation(res, path);
  });

  it.each([
    '/api/orders/all',
    '/api/products',
    '/api/tickets/my-tickets',
    '/api/notifications',
    '/api/users/get-all-users',
  ])('%s?page=0x2: 400 "Expected a whole number"', async (path) => {
    const res = await admin.inject({ method: 'GET', url: `${path}?page=0x2` });
    expectValidation(res, 'querystring.page', 'Expected a whole number');
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/auth/nothing'],
    ['DELETE', '/api/auth/login'],
    ['DELETE', '/api/users/me/role'],
  ] as const)('%s %s: 404 not_found as JSON', async (method, url) => {
    const res = await ctx.app.inject({ method, url });
    const body = expectError(res, 404, 'not_found');
    expect(body.message.text).toContain(url);
  });
});

describe('cross-origin writes', () => {
  it('refuses a POST from another origin and creates nothing', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/invitations/generate',
      headers: { origin: 'https://evil.example' },
      payload: { expiryDays: 3 },
    });
    expectError(res, 403, 'forbidden');
    const mine = await admin.inject({ method: 'GET', url: '/api/invitations/' });
    expect(mine.json<{ data: Invitation[] }>().data).toEqual([]);
  });

  it('refuses a cross-origin registration without consuming the code', async () => {
    const invitation = await generateCode(admin);
    const payload = signupPayload(invitation.code);
    const refused = await register(ctx, payload, { headers: { origin: 'https://evil.example' } });
    expectError(refused, 403, 'forbidden');
    expect((await register(ctx, payload)).statusCode).toBe(201);
  });

  it('refuses a browser-flagged cross-site write without an Origin, and the "null" origin', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      const res = await admin.inject({
        method: 'POST',
        url: '/api/invitations/generate',
        headers,
        payload: { expiryDays: 3 },
      });
      expectError(res, 403, 'forbidden');
    }
  });

  it('lets a same-origin write through', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/invitations/generate',
      headers: { host: 'shop.example:8080', origin: 'http://shop.example:8080' },
      payload: { expiryDays: 3 },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an origin that only shares the host name', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/invitations/generate',
      headers: { host: 'shop.example', origin: 'https://shop.example' },
      payload: { expiryDays: 3 },
    });
    expectError(res, 403, 'forbidden');
  });
});

describe('security headers', () => {
  // Worked out once from helmet (security.ts), they must be the whole set helmet sets per answer.
  it.each([
    ['a success', '/api/health'],
    ['an error', '/api/users/me'],
    ['a refusal by a later hook', '/api/v1/balance'],
    ['an unknown route', '/api/no-such-route'],
  ])('are helmet’s whole set on %s', async (_, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers).toMatchObject({
      'content-security-policy': expect.stringMatching(
        /^default-src 'self';script-src 'self'[^;]*;style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'$/,
      ) as string,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('access rules', () => {
  const noGate = { sessions: {} as unknown as SessionGate, apiKeys: {} as unknown as ApiKeyGate };

  it('refuses to register an /api route that declares no access rule', () => {
    const app = Fastify();
    registerAccessControl(app, noGate);
    expect(() => app.get('/api/forgotten', () => 'open')).toThrow(/declares no access rule/);
  });

  it('refuses one inside an /api-prefixed plugin too, so the server does not start', async () => {
    const app = Fastify();
    registerAccessControl(app, noGate);
    const loading = app.register(
      async (api) => {
        api.post('/forgotten', () => 'open');
      },
      { prefix: '/api' },
    );
    await expect(loading).rejects.toThrow(/POST \/api\/forgotten declares no access rule/);
  });

  it('accepts declared /api routes and leaves non-API routes alone', async () => {
    const app = Fastify();
    registerAccessControl(app, noGate);
    app.get('/api/open', { config: { access: 'public' } }, () => 'ok');
    app.get('/robots.txt', () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('takes API keys on /api/v1 routes only, and never on a public one', () => {
    const app = Fastify();
    registerAccessControl(app, noGate);
    expect(() =>
      app.get('/api/v1/cookies', { config: { access: 'authenticated' } }, () => 'ok'),
    ).toThrow(/only they, take API keys/);
    expect(() =>
      app.get(
        '/api/keys-elsewhere',
        { config: { access: 'authenticated', credentials: 'api-key' } },
        () => 'ok',
      ),
    ).toThrow(/only they, take API keys/);
    expect(() =>
      app.get('/api/v1/open', { config: { access: 'public', credentials: 'api-key' } }, () => 'ok'),
    ).toThrow(/never public/);
  });

  it('every documented /api route answers an anonymous caller without a 500', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(calls.length).toBeGreaterThan(5);
    for (const { method, path } of calls) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const label = `${method} ${url}: ${res.body}`;
      expect(res.statusCode, label).toBeLessThan(500);
      expectNoLeak(res);
      if (res.statusCode >= 400) {
        // Anonymous: refused as unauthenticated, or (public routes) the empty body is invalid.
        // (A public read of something that does not exist answers 404.)
        expect([400, 401, 404], label).toContain(res.statusCode);
        const type = { 400: 'validation', 401: 'unauthorized', 404: 'not_found' } as const;
        expectError(res, res.statusCode, type[res.statusCode as 400 | 401 | 404]);
      }
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 internal with a plain sentence, never the message, SQL or stack', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/api/boom', () => {
      throw new Error('Failed query: insert into "users" ("id") values ($1)');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expectError(res, 500, 'internal', messages.somethingWentWrong);
    await app.close();
  });

  it('PostgreSQL out of resources (SQLSTATE class 53): 503 unavailable, logged without the values', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    registerErrorHandler(app);
    const query = 'insert into "files" ("data") values ($1)';
    const bytes = Buffer.from('FILE-BYTES-MUST-NOT-BE-LOGGED');
    const failures: Record<string, Error> = {
      // As Drizzle throws it: the driver's error as the cause, the parameters on the wrapper.
      '53100': new DrizzleQueryError(
        query,
        [bytes],
        Object.assign(new Error('could not extend file: No space left on device'), {
          code: '53100',
        }),
      ),
      // Deeper in the cause chain (a transaction's failed rollback wrapping it).
      '53200': new Error('rollback failed', {
        cause: new DrizzleQueryError(
          query,
          [bytes],
          Object.assign(new Error('out of memory'), { code: '53200' }),
        ),
      }),
      '53300': Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    };
    app.get<{ Params: { code: string } }>('/api/fail/:code', (request) => {
      throw failures[request.params.code]!;
    });
    const answer = (code: string) => app.inject({ method: 'GET', url: `/api/fail/${code}` });

    expectError(
      await answer('53100'),
      503,
      'unavailable',
      'The server is out of storage space. Please try again later.',
    );
    const unavailable = 'The service is temporarily unavailable. Please try again.';
    expectError(await answer('53200'), 503, 'unavailable', unavailable);
    expectError(await answer('53300'), 503, 'unavailable', unavailable);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.map((entry) => entry.level)).toEqual([50, 50, 50]);
    expect(logged[0]).toMatchObject({ postgres: { code: '53100' }, query });
    expect(lines.join('')).not.toContain('FILE-BYTES');
    await app.close();
  });

  it('logs a failed query without its values, whatever the failure', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    registerErrorHandler(app);
    const query = 'update "users" set "email" = $1 where "id" = $2';
    const secret = 'SECRET-VALUE-MUST-NOT-BE-LOGGED';
    app.get('/api/fail/bug', () => {
      throw new DrizzleQueryError(
        query,
        [secret, 'id'],
        Object.assign(new Error('column "email" is ambiguous'), { code: '42702' }),
      );
    });
    app.get('/api/fail/down', () => {
      throw new DrizzleQueryError(
        query,
        [secret],
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      );
    });

    expectError(
      await app.inject({ method: 'GET', url: '/api/fail/bug' }),
      500,
      'internal',
      messages.somethingWentWrong,
    );
    expectError(
      await app.inject({ method: 'GET', url: '/api/fail/down' }),
      503,
      'unavailable',
      'The service is temporarily unavailable. Please try again.',
    );
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(secret);
    const [bug] = lines.map((line) => JSON.parse(line) as { error: Record<string, unknown> });
    // What is needed to find the bug stays: the SQL text and the driver's error with its code.
    expect(bug!.error).toMatchObject({
      query,
      cause: { message: 'column "email" is ambiguous', code: '42702' },
    });
    await app.close();
  });
});
