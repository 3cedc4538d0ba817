import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@keymarket/contracts/auth';
import { clientInfoOf, type CountrySource } from '../../lib/client-info';
import type { AuthService } from './auth.service';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './cookies';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  countrySource: CountrySource;
}> = async (app, { auth, countrySource }) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const { user, tokens } = await auth.register(
        request.body,
        clientInfoOf(request, countrySource),
      );
      if (tokens) setSessionCookies(request, reply, tokens);
      return reply.status(201).send({ user, pendingApproval: !tokens });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { user, tokens } = await auth.login(request.body, clientInfoOf(request, countrySource));
      setSessionCookies(request, reply, tokens);
      return { user };
    },
  );

  app.get(
    '/auth/refresh',
    { config: { access: 'public' }, schema: { response: { 200: okResponseSchema } } },
    async (request, reply) => {
      await auth.assertRefreshAllowed(clientInfoOf(request, countrySource));
      try {
        setSessionCookies(request, reply, await auth.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearSessionCookies(request, reply);
        throw error;
      }
      return { ok: true as const };
    },
  );

  // Public so a caller whose access token has expired can still end its session. A GET by the
  // specification, so a link on another site could sign the user out: plugins/external/security.ts refuses it.
  app.get(
    '/auth/logout',
    {
      config: { access: 'public', sameOriginOnly: true },
      schema: { response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      await auth.logout(request.auth?.sessionId, request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(request, reply);
      return { ok: true as const };
    },
  );
};
