import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from '../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, and the cross-site write guard: cookies are SameSite=Lax, and on top of that a
 * state-changing request whose Origin is not ours is refused, so a form on another site cannot act
 * for a signed-in user.
 */
export async function registerSecurity(app: FastifyInstance, allowedOrigins: string[]) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin === undefined && fetchSite !== 'cross-site') return; // same-origin or non-browser client
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin === ownOrigin || (origin !== undefined && allowedOrigins.includes(origin))) return;
    throw new AppError('forbidden', 'Cross-origin requests are not allowed');
  });
}
