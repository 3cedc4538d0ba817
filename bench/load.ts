import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  /** A JSON body, or one per connection (connection i sends bodies[i % length]). */
  body?: string | readonly string[];
  /** One cookie per signed-in user; connection i sends cookies[i % length]. */
  cookies?: readonly string[];
  /** Or one API key per user: connection i sends `Authorization: Bearer apiKeys[i % length]`. */
  apiKeys?: readonly string[];
  /** A new `Idempotency-Key` on every request (autocannon's per-request id), as a client sends. */
  uniqueIdempotencyKeys?: boolean;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** At most this many requests a second, all connections together (autocannon's overallRate). */
  overallRate?: number;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  ok: number;
  okPerSecond: number;
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The first few non-2xx answers, to say why. */
  failures: string[];
}

/**
 * One autocannon run. Each connection is one signed-in user: setupClient gives connection i its
 * own cookie (or API key) (autocannon resets a request's `context` after every request when there is only
 * one request in the sequence, so the connection itself carries the identity).
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let nextConnection = 0;
  const failures: string[] = [];
  const bodies =
    options.body === undefined || typeof options.body === 'string' ? [options.body] : options.body;
  const identities =
    options.apiKeys?.map((key) => ({ authorization: `Bearer ${key}` })) ??
    options.cookies?.map((cookie) => ({ cookie }));
  if (!identities?.length) throw new Error('load needs cookies or API keys');
  const result = await autocannon({
    url: options.url,
    idReplacement: options.uniqueIdempotencyKeys ?? false,
    connections: options.connections,
    duration: options.seconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    timeout: 30,
    requests: [
      {
        method: options.method,
        onResponse: (status, body) => {
          if ((status < 200 || status >= 300) && failures.length < 5)
            failures.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
    setupClient: (client) => {
      const i = nextConnection++;
      const body = bodies[i % bodies.length];
      const headers = {
        ...options.headers,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(options.uniqueIdempotencyKeys ? { 'idempotency-key': '[<id>]' } : {}),
        ...identities[i % identities.length],
      };
      if (body === undefined) client.setHeaders(headers);
      else client.setHeadersAndBody(headers, body);
    },
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
  );
  return {
    seconds: result.duration,
    requests: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
    ok: result['2xx'],
    okPerSecond: result['2xx'] / result.duration,
    medianMs: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    failures,
  };
}
