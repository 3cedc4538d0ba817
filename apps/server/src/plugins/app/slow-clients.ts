import type { Server, ServerOptions } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Env } from '../../env';

type Limits = Pick<
  Env,
  | 'HEADERS_TIMEOUT_MS'
  | 'REQUEST_TIMEOUT_MS'
  | 'KEEP_ALIVE_TIMEOUT_MS'
  | 'MAX_CONNECTIONS_PER_ADDRESS'
  | 'TRUST_PROXY'
>;

/**
 * How long a client may take, as Fastify's options (docs/operations.md, Configuration). Without
 * them a client sending half its headers, or a body shorter than its Content-Length, held its
 * connection (and its share of the process's sockets and memory) for minutes: Fastify turns
 * Node's request timeout off by default, and Node looks for expired requests only every 30 s.
 */
export function clientTimeouts(env: Limits): {
  http: ServerOptions;
  requestTimeout: number;
  keepAliveTimeout: number;
} {
  // Node refuses a headers timeout longer than the whole request's.
  const headersTimeout = Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS);
  return {
    http: {
      headersTimeout,
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      // How often Node looks for expired requests: each second, or more often for a shorter limit.
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
  };
}

/**
 * Closes a connection at once when its address already holds MAX_CONNECTIONS_PER_ADDRESS, so one
 * client cannot take every socket of the process with slow or idle connections. Connections from
 * the trusted proxies (TRUST_PROXY) are not counted: a load balancer carries every client's
 * requests over its own connections. 0 turns the cap off.
 */
export function capConnectionsPerAddress(server: Server, env: Limits): void {
  const max = env.MAX_CONNECTIONS_PER_ADDRESS;
  if (max === 0) return;
  const isProxy = env.TRUST_PROXY ? proxyAddr.compile(env.TRUST_PROXY) : () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address, 0)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
