import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HandlersInFlight } from './handlers-in-flight';

/** A promise with its resolve, to hold a handler where the test wants it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server whose `/slow` handler waits for `release`, and whose close waits as app.ts's does. */
async function serverWith(tracker: HandlersInFlight, events: string[]) {
  const started = deferred();
  const release = deferred();
  const app = Fastify();
  apps.push(app);
  tracker.register(app);
  tracker.registerChecksEnd(app);
  app.get('/slow', async () => {
    started.resolve();
    await release.promise;
    events.push('handler done');
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  // As the live streams do: the handler takes the answer over, writes its start and returns.
  app.get('/stream', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
    started.resolve();
  });
  const port = await listeningWithCloseWait(app, tracker, events);
  return { app, port, started, release };
}

/** Makes `app`'s close wait for `tracker` as app.ts's does, noting how, and starts it. */
async function listeningWithCloseWait(
  app: FastifyInstance,
  tracker: HandlersInFlight,
  events: string[],
) {
  app.addHook('onClose', async () => {
    events.push((await tracker.settled(5000)) ? 'settled' : 'gave up');
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/**
 * A server whose one onRequest check waits for `releaseCheck`, as the access check waits for the
 * database, with the route `addRoute` adds; its close waits as app.ts's does.
 */
async function serverWithHeldCheck(events: string[], addRoute: (app: FastifyInstance) => unknown) {
  const tracker = new HandlersInFlight();
  const app = Fastify();
  apps.push(app);
  tracker.register(app);
  const inCheck = deferred();
  const releaseCheck = deferred();
  app.addHook('onRequest', async () => {
    inCheck.resolve();
    await releaseCheck.promise;
    events.push('check done');
  });
  tracker.registerChecksEnd(app);
  addRoute(app);
  const port = await listeningWithCloseWait(app, tracker, events);
  return { app, port, inCheck, releaseCheck };
}

/** Closes `app`, sees the close wait, then calls `release` and waits for the close to end. */
async function expectCloseToWaitFor(app: FastifyInstance, events: string[], release: () => void) {
  const closed = app.close().then(() => events.push('closed'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(events).toEqual([]);
  release();
  await closed;
}

/** Sends GET `path` and hangs up as soon as the handler has started. */
async function hangUpOn(port: number, path: string, started: Promise<void>) {
  const request = http.get({ host: '127.0.0.1', port, path });
  request.on('error', () => {});
  await started;
  request.destroy();
}

describe('handlers in flight', () => {
  it('makes close wait for the handler of a request whose client hung up', async () => {
    const tracker = new HandlersInFlight();
    const events: string[] = [];
    const { app, port, started, release } = await serverWith(tracker, events);
    await hangUpOn(port, '/slow', started.promise);
    expect(tracker.size).toBe(1);

    // Without the tracker, Fastify would close at once: the connection is gone.
    await expectCloseToWaitFor(app, events, release.resolve);
    expect(events).toEqual(['handler done', 'settled', 'closed']);
  });

  it('counts nothing once the handlers have answered, so close does not wait', async () => {
    const tracker = new HandlersInFlight();
    const events: string[] = [];
    const { app, port } = await serverWith(tracker, events);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/fast`);
      expect(response.status).toBe(200);
      await response.text();
    }
    expect((await fetch(`http://127.0.0.1:${port}/missing`)).status).toBe(404);
    expect(tracker.size).toBe(0);
    await app.close();
    expect(events).toEqual(['settled']);
  });

  it('does not wait for a hijacked reply whose handler has returned', async () => {
    const tracker = new HandlersInFlight();
    const events: string[] = [];
    const { app, port, started } = await serverWith(tracker, events);
    const request = http.get({ host: '127.0.0.1', port, path: '/stream' });
    request.on('error', () => {});
    await started.promise;
    // The stream is still open, and nothing is counted once its handler returned.
    await expect.poll(() => tracker.size).toBe(0);
    request.destroy();
    await app.close();
    expect(events).toEqual(['settled']);
  });

  it('waits for the checks of a request whose client hung up, not for the body it never sent', async () => {
    const events: string[] = [];
    const { app, port, inCheck, releaseCheck } = await serverWithHeldCheck(events, (app) =>
      app.post('/orders', async () => {
        events.push('handler');
        return { ok: true };
      }),
    );
    const body = JSON.stringify({ quantity: 1 });
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/orders',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    request.on('error', () => {});
    request.end(body);
    await inCheck.promise;
    request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = Date.now();
    await expectCloseToWaitFor(app, events, releaseCheck.resolve);
    // Its body was never read: Fastify runs nothing more for it, and the close does not wait.
    expect(events).toEqual(['check done', 'settled', 'closed']);
    expect(Date.now() - closing).toBeLessThan(2000);
  });

  it('waits for the handler that a hung-up GET reaches once its check ends', async () => {
    const events: string[] = [];
    // No body to read: the handler starts a few microtasks after the last check.
    const { app, port, inCheck, releaseCheck } = await serverWithHeldCheck(events, (app) =>
      app.get('/orders', async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push('handler done');
        return { ok: true };
      }),
    );
    await hangUpOn(port, '/orders', inCheck.promise);

    await expectCloseToWaitFor(app, events, releaseCheck.resolve);
    expect(events).toEqual(['check done', 'handler done', 'settled', 'closed']);
  });

  it('wakes every caller of settled, and counts a handler that throws until it has thrown', async () => {
    const tracker = new HandlersInFlight();
    const app = Fastify();
    apps.push(app);
    tracker.register(app);
    tracker.registerChecksEnd(app);
    const release = deferred();
    app.get('/fails', async () => {
      await release.promise;
      throw new Error('refused');
    });
    const answer = app.inject({ method: 'GET', url: '/fails' });
    await expect.poll(() => tracker.size).toBe(1);
    const waits = [tracker.settled(5000), tracker.settled(5000)];
    release.resolve();
    expect((await answer).statusCode).toBe(500);
    expect(await Promise.all(waits)).toEqual([true, true]);
  });

  it('stops counting a request refused by a check when it is answered', async () => {
    const tracker = new HandlersInFlight();
    const app = Fastify();
    apps.push(app);
    tracker.register(app);
    app.addHook('onRequest', async () => {
      throw Object.assign(new Error('Please sign in'), { statusCode: 401 });
    });
    tracker.registerChecksEnd(app);
    app.get('/me', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(401);
    expect(tracker.size).toBe(0);
  });

  it('gives up after the time it is given on a handler that never ends', async () => {
    const tracker = new HandlersInFlight();
    const app = Fastify();
    apps.push(app);
    tracker.register(app);
    tracker.registerChecksEnd(app);
    const started = deferred();
    app.get('/stuck', async () => {
      started.resolve();
      await new Promise(() => {});
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    await hangUpOn(port, '/stuck', started.promise);
    expect(await tracker.settled(50)).toBe(false);
    expect(tracker.size).toBe(1);
  });
});
