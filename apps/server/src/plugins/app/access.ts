import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '@keymarket/contracts/integration';
import { messages } from '@keymarket/contracts/messages';
import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../../lib/app-error';
import { rateLimitHeaders } from '../../lib/rate-limiter';
import { API_DOCS_PREFIX } from './api-docs';
import type { AuthContext } from '../../modules/access/auth-context';
import type { ApiKeyGate } from '../../modules/api-keys/api-key-gate';
import { bearerKeyOf } from '../../modules/api-keys/api-key-secret';
import { ACCESS_COOKIE } from '../../modules/auth/cookies';
import type { SessionGate } from '../../modules/auth/session-gate';

/**
 * Who may call a route. Declared on every /api route (deny by default): a route without it makes
 * the server refuse to start.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

/** The integration API's routes: under it API keys only, and API keys nowhere else. */
export const API_V1_PREFIX = '/api/v1/';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * How the caller proves who it is: the session cookie (the default), or `api-key`, an
     * `Authorization: Bearer km_…` header, which every /api/v1 route and only they declare.
     */
    credentials?: 'api-key';
    /** Reachable by an administrator who must still set up two-factor sign-in. */
    beforeTwoFactorSetup?: boolean;
  }
}

export function registerAccessControl(
  app: FastifyInstance,
  gates: { sessions: SessionGate; apiKeys: ApiKeyGate },
) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The reference's pages and files, registered by a plugin that declares nothing itself.
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`)) {
      route.config = { ...route.config, access: 'public' };
    }
    const name = `${String(route.method)} ${route.url}`;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${name} declares no access rule`);
    }
    const byKey = route.config.credentials === 'api-key';
    if (byKey !== route.url.startsWith(API_V1_PREFIX)) {
      throw new Error(`Route ${name}: /api/v1 routes, and only they, take API keys`);
    }
    if (byKey && route.config.access === 'public') {
      throw new Error(`Route ${name}: an /api/v1 route is never public`);
    }
  });

  // onRequest: an unauthorised caller is refused before its body is even read.
  app.addHook('onRequest', async (request, reply) => {
    const { access, credentials } = request.routeOptions.config;
    if (access === undefined) return; // 404s and the SPA
    if (credentials === 'api-key' && access !== 'public') {
      // Cookies are not read here: a page on another site cannot make a browser call the API
      // with its user's session, and a key's rights are never mixed with a session's.
      const { auth, standing } = await gates.apiKeys.authenticate(
        request.headers.authorization,
        request.ip,
      );
      void reply.headers(rateLimitHeaders(standing));
      return authorise(request, auth, access);
    }
    const token = request.cookies[ACCESS_COOKIE];
    if (access === 'public') {
      // Public routes still learn who is calling when a valid session is present.
      request.auth = token ? await gates.sessions.tryAuthenticate(token, request) : null;
      return;
    }
    // A key is for /api/v1: it never manages keys, changes passwords or acts as a web session.
    if (bearerKeyOf(request.headers.authorization)?.startsWith(API_KEY_PREFIX)) {
      throw new AppError(
        'unauthorized',
        'API keys are accepted under /api/v1 only; this route needs a signed-in session',
      );
    }
    if (!token) throw new AppError('unauthorized', 'Please sign in');
    return authorise(request, await gates.sessions.authenticate(token, request), access);
  });
}

/** The route's role rule and the two-factor set-up rule, alike for a session and a key. */
function authorise(request: FastifyRequest, auth: AuthContext, access: Exclude<Access, 'public'>) {
  request.auth = auth;
  if (access !== 'authenticated' && !access.includes(auth.role)) {
    throw new AppError('forbidden', 'You do not have permission to do this');
  }
  if (auth.twoFactorSetupRequired && !request.routeOptions.config.beforeTwoFactorSetup) {
    throw new AppError('two_factor_setup_required', messages.twoFactorSetupRequired);
  }
}
