import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state (the specification's GET /auth/logout): refused when it comes from
     * another site, since a link or an image there would otherwise act for the signed-in user.
     */
    sameOriginOnly?: boolean;
  }
}

/**
 * Security headers, and the cross-site write guard: cookies are SameSite=Lax, and on top of that a
 * state-changing request whose Origin is not ours is refused, so a form on another site cannot act
 * for a signed-in user. SameSite=Lax still sends the cookies with a top-level link from another
 * site, so the GET routes marked `sameOriginOnly` are guarded too.
 */
export function registerSecurity(
  app: FastifyInstance,
  allowedOrigins: string[],
  /** The hashes of the web app's own inline scripts (web-app.ts inlineScriptHashes). */
  scriptHashes: string[] = [],
) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Inline style attributes come from the dialog and toast libraries.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // HSTS is only honoured over https; browsers ignore it on plain http.
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  });
  // On the raw response, as helmet itself writes them: answers sent past Fastify (a hijacked
  // stream) carry them too, and so does an error thrown by a later hook.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // Both guards compare an origin with the server's own one and ALLOWED_ORIGINS.
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook's done callback unless it returns a promise
  app.addHook('onRequest', async (request) => {
    const isOurs = (origin: string) =>
      origin === `${request.protocol}://${request.host}` || allowedOrigins.includes(origin);
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if (origin === undefined && fetchSite !== 'cross-site') return; // same-origin or non-browser client
      if (origin !== undefined && isOurs(origin)) return;
      throw new AppError('forbidden', 'Cross-origin requests are not allowed');
    }
    if (request.routeOptions.config.sameOriginOnly && !isSameOriginRead(request, isOurs)) {
      throw new AppError('forbidden', 'This can only be done from this site, not from another one');
    }
  });
}

/**
 * Whether a GET came from our own pages. A browser sends no Origin on a GET navigation or
 * same-origin fetch, so Sec-Fetch-Site speaks first: `none` is an address the user typed or
 * bookmarked. Without it (browsers before 2023), the Referer's origin decides. A request with
 * neither header is a non-browser client, let through as the write guard does; our own pages
 * send no Referer (helmet's Referrer-Policy), so refusing it would also sign nobody out on those
 * old browsers.
 */
function isSameOriginRead(request: FastifyRequest, isOurs: (origin: string) => boolean): boolean {
  // Only a cross-origin fetch in CORS mode sends Origin on a GET: the web app served elsewhere.
  const origin = request.headers.origin;
  if (origin !== undefined) return isOurs(origin);
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const referer = request.headers.referer;
  if (referer === undefined) return true;
  return URL.canParse(referer) && isOurs(new URL(referer).origin);
}

/**
 * The headers helmet sets for `options`, worked out once. `@fastify/helmet` built helmet's
 * thirteen middlewares and parsed the policy again for every request (2–3 % of the server's CPU
 * under orders, and per-request garbage: bench/results/orders.md); with a fixed policy (no nonces, no
 * per-route options) every answer gets the same headers, so they are taken once from helmet
 * itself, run against a response that only records them.
 */
function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failed = error),
  );
  if (failed) {
    throw failed instanceof Error
      ? failed
      : new Error('helmet refused its options', { cause: failed });
  }
  return [...headers];
}
