import { vi } from 'vitest';
import { errorStatus, type ErrorType } from '@keymarket/contracts/errors';

export type Reply = { status: number; body: unknown };
type Handler = Reply | (() => Reply | Promise<Reply>);

/** An error envelope as the server sends it. */
export function errorReply(type: ErrorType, text = 'Server text'): Reply {
  const status = errorStatus[type];
  return { status, body: { statusCode: status, message: { type, text } } };
}

export function okReply(body: unknown, status = 200): Reply {
  return { status, body };
}

/**
 * Replaces the global fetch with a table of `"METHOD /path"` handlers (paths without `/api`).
 * A request with no handler is reported through console.error, which fails the test.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = handlers[route];
    if (!handler) {
      console.error(`Unexpected request: ${route}`);
      return new Response(null, { status: 501 });
    }
    const reply = typeof handler === 'function' ? await handler() : handler;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** `METHOD /path` of every request made so far, in order. */
export function requestedPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
  });
}
