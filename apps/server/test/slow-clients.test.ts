import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app';

/**
 * Clients that take their time: half the headers, a body shorter than its Content-Length, a
 * kept-alive connection left idle, and one address opening connection after connection. Each is
 * cut off by a configured limit (small ones here), not held for minutes.
 */
let timed: TestContext;
let capped: TestContext;

async function listening(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return (ctx.app.server.address() as AddressInfo).port;
}

interface Client {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Settles with the milliseconds from the connection to its closing. */
  closed: Promise<number>;
}

/** Every connection a test opened, closed after the file whatever happened. */
const opened: Socket[] = [];

async function open(port: number): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  opened.push(socket);
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - started)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before connecting')));
  }).catch(() => {});
  return { socket, received: () => text, closed };
}

/** `closed`, or a failure naming what the server did not do within `ms`. */
function closedWithin(client: Client, ms: number, what: string): Promise<number> {
  return Promise.race([
    client.closed,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: still open after ${ms} ms`)), ms),
    ),
  ]);
}

let timedPort: number;
let cappedPort: number;

beforeAll(async () => {
  timed = await createTestApp({
    HEADERS_TIMEOUT_MS: '300',
    REQUEST_TIMEOUT_MS: '600',
    KEEP_ALIVE_TIMEOUT_MS: '300',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
  capped = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '5' }, timed.database);
  timedPort = await listening(timed);
  cappedPort = await listening(capped);
});

afterAll(async () => {
  for (const socket of opened) socket.destroy();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await capped?.app.close();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
  await timed?.close();
});

describe('slow clients', () => {
  it('closes connections that never finish their headers', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => open(timedPort)));
    for (const client of clients) client.socket.write('GET /api/health HTTP/1.1\r\nHost: a\r\n');

    const times = await Promise.all(
      clients.map((client) => closedWithin(client, 5000, 'half-sent headers')),
    );
    expect(Math.max(...times)).toBeLessThan(5000);
    // Node answers 408 before closing: the client learns why.
    expect(clients[0]!.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body stops short of its Content-Length', async () => {
    const client = await open(timedPort);
    client.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier":',
    );
    expect(await closedWithin(client, 5000, 'short body')).toBeLessThan(5000);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const client = await open(timedPort);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n');
    await closedWithin(client, 5000, 'idle keep-alive');
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('refuses more open connections from one address than the cap', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => open(cappedPort)));
    // Each held connection is live: it is answered.
    held[0]!.socket.write('GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n');
    const extra = await open(cappedPort);

    await closedWithin(extra, 2000, 'connection beyond the cap');
    expect(extra.received()).toBe('');
    await expect.poll(() => held[0]!.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of held) expect(client.socket.destroyed).toBe(false);

    // A place freed is a place taken again.
    held[1]!.socket.destroy();
    await held[1]!.closed;
    const again = await open(cappedPort);
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n');
    await expect.poll(() => again.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of [...held, again]) client.socket.destroy();
  });
});
