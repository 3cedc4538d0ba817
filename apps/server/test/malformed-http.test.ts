import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@keymarket/contracts/errors';
import { useTestApp } from './helpers/use-app';

/*
 * Requests Node's HTTP parser refuses before Fastify sees them (so `inject` cannot make them):
 * sent as raw bytes to a listening server, each must still be answered in the DESIGN.md §2
 * envelope, never Fastify's own `{"error":"Bad Request",…}`.
 */
const ctx = useTestApp();
let port = 0;
beforeAll(async () => {
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});

/** Sends `request` as it is and answers the status and the body the server wrote back. */
function sendRaw(request: Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

const line = (text: string) => Buffer.from(text, 'latin1');

describe('requests the HTTP parser refuses', () => {
  it.each([
    [
      'raw UTF-8 in the path',
      Buffer.concat([
        line('GET /api/v1/products/'),
        Buffer.from('😀'),
        line(' HTTP/1.1\r\nHost: a\r\n\r\n'),
      ]),
      400,
    ],
    ['a NUL in a header', line('GET /api/health HTTP/1.1\r\nHost: a\r\nX-A: a\0b\r\n\r\n'), 400],
    ['an unknown method', line('FOO /api/v1/orders HTTP/1.1\r\nHost: a\r\n\r\n'), 400],
    [
      'a Content-Length that is not a number',
      line('POST /api/v1/orders HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n'),
      400,
    ],
    [
      'a header section over 16 kB',
      line(`GET /api/v1/orders?search=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: a\r\n\r\n`),
      431,
    ],
  ])('%s: answered %i in the envelope', async (_name, request, status) => {
    const answer = await sendRaw(request);
    expect(answer.status, answer.headers).toBe(status);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    const body = errorBodySchema.strict().parse(JSON.parse(answer.body));
    expect(body).toMatchObject({ statusCode: status, message: { type: 'bad_request' } });
    expect(body.message.text).not.toBe('');
  });
});
