import type { FastifyInstance } from 'fastify';
import { messages } from '@keymarket/contracts/messages';
import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../lib/app-error';
import { ACCESS_COOKIE } from '../modules/auth/cookies';
import type { SessionGate } from '../modules/auth/session-gate';

/**
 * Who may call a route. Declared on every /api route (deny by default): a route without it makes
 * the server refuse to start.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable by an administrator who must still set up two-factor sign-in. */
    beforeTwoFactorSetup?: boolean;
  }
}

export function registerAccessControl(app: FastifyInstance, gate: SessionGate) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
  });

  // onRequest: an unauthorised caller is refused before its body is even read.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return; // 404s and the SPA
    const token = request.cookies[ACCESS_COOKIE];
    if (access === 'public') {
      // Public routes still learn who is calling when a valid session is present.
      request.auth = token ? await gate.tryAuthenticate(token) : null;
      return;
    }
    if (!token) throw new AppError('unauthorized', 'Please sign in');
    request.auth = await gate.authenticate(token);
    if (access !== 'authenticated' && !access.includes(request.auth.role)) {
      throw new AppError('forbidden', 'You do not have permission to do this');
    }
    if (request.auth.twoFactorSetupRequired && !request.routeOptions.config.beforeTwoFactorSetup) {
      throw new AppError('two_factor_setup_required', messages.twoFactorSetupRequired);
    }
  });
}
