import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { form } from './helpers/multipart';
import { createTestApp, type TestContext } from './helpers/test-app';
import { madeBeforeAll } from './helpers/use-app';

/*
 * A client that drops its upload half way (a closed laptop, a lost connection) is the client's
 * doing: the log says "client closed the request" at info level, not "database unavailable" at
 * error level, which pages whoever watches the error rate. And what a route refuses in the wrong
 * content type says what that route takes.
 */

interface LoggedApp {
  ctx: TestContext;
  lines: { level: number; msg: string }[];
  admin: SignedInUser;
  catalogue: CatalogueFactory;
  port: number;
}

const logged = madeBeforeAll(async (): Promise<LoggedApp> => {
  const lines: LoggedApp['lines'] = [];
  const ctx = await createTestApp({ LOG_LEVEL: 'info' }, undefined, {
    logStream: { write: (line) => lines.push(JSON.parse(line) as LoggedApp['lines'][number]) },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ctx,
    lines,
    admin: await ctx.factory.signedIn('admin'),
    catalogue: new CatalogueFactory(ctx.database.db),
    port: (ctx.app.server.address() as AddressInfo).port,
  };
});
afterAll(() => logged.ctx.close());

/** Starts an upload of `path`, sends part of its body, then drops the connection. */
async function droppedUpload(path: string, contentType: string, firstPart: string) {
  const req = httpRequest({
    host: '127.0.0.1',
    port: logged.port,
    method: 'POST',
    path,
    headers: {
      cookie: logged.admin.cookies,
      'content-type': contentType,
      'content-length': String(10 * 1024 * 1024),
    },
  });
  req.on('error', () => {}); // the connection this test drops
  req.write(firstPart);
  // Long enough for the server to be reading the body when the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 300));
  req.destroy();
}

/** Waits until `predicate` holds of what the server logged. */
async function untilLogged(predicate: () => boolean) {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > 5000) throw new Error('nothing logged');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const PAGING_LEVEL = 50; // pino's error

describe('a client that drops its upload', () => {
  it('is logged as a closed request at info level, not as the database at error level', async () => {
    const product = await logged.catalogue.product({ deliveryType: 'instant' });
    const before = logged.lines.length;
    await droppedUpload(
      `/api/products/${product.id}/keys/file?name=keys.txt`,
      'application/octet-stream',
      Array.from({ length: 2000 }, (_, i) => `DROPPED-KEY-${i}`).join('\n'),
    );
    const closed = () =>
      logged.lines.slice(before).filter((line) => line.msg === 'client closed the request');
    await untilLogged(() => closed().length > 0);
    // A moment for anything else it would log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = logged.lines.slice(before);
    expect(after.filter((line) => line.level >= PAGING_LEVEL)).toEqual([]);
    expect(after.map((line) => line.msg)).not.toContain('database unavailable');
    expect(closed()[0]!.level).toBeLessThan(PAGING_LEVEL);
    // Nothing of the half-sent file was kept.
    const keys = await logged.admin.inject({
      method: 'GET',
      url: `/api/products/${product.id}/keys`,
    });
    expect(keys.json<{ pagination: { total: number } }>().pagination.total).toBe(0);
  });

  it('a dropped image upload does not page either', async () => {
    const before = logged.lines.length;
    const boundary = 'droppedboundary';
    await droppedUpload(
      '/api/products',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        `Content-Type: image/png\r\n\r\n${'x'.repeat(64 * 1024)}`,
    );
    // The form reader refuses the cut body itself; nothing marks its end in the log but time.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = logged.lines.slice(before);
    expect(after.filter((line) => line.level >= PAGING_LEVEL)).toEqual([]);
  });
});

describe('a body in a content type the route does not take', () => {
  it('the key file import says it takes the file itself', async () => {
    const product = await logged.catalogue.product({ deliveryType: 'instant' });
    const url = `/api/products/${product.id}/keys/file?name=keys.txt`;
    const text = 'Send the file itself, as application/octet-stream';
    const plain = await logged.admin.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'KEY-1\n',
    });
    expectError(plain, 415, 'unsupported_media_type', text);
    const multipart = await logged.admin.inject({
      method: 'POST',
      url,
      payload: form({ file: 'KEY-1' }),
    });
    expectError(multipart, 415, 'unsupported_media_type', text);
  });

  it('a JSON route still says to send JSON', async () => {
    const product = await logged.catalogue.product({ deliveryType: 'instant' });
    const res = await logged.admin.inject({
      method: 'POST',
      url: `/api/products/${product.id}/keys`,
      headers: { 'content-type': 'text/plain' },
      payload: 'KEY-1\n',
    });
    expectError(res, 415, 'unsupported_media_type', 'Send the request body as application/json');
  });
});
