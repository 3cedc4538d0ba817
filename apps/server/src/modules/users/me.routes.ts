import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRequestSchema, okResponseSchema } from '@keymarket/contracts/auth';
import { roleResponseSchema, userSchema } from '@keymarket/contracts/users';
import { authOf } from '../access/auth-context';
import type { MeService } from './me.service';

// The web app needs who is signed in to lead an administrator to the two-factor setup.
const beforeTwoFactorSetup = { access: 'authenticated', beforeTwoFactorSetup: true } as const;

export const meRoutes: FastifyPluginAsyncZod<{ me: MeService }> = async (app, { me }) => {
  app.get(
    '/users/me',
    { config: beforeTwoFactorSetup, schema: { response: { 200: userSchema } } },
    (request) => me.profile(authOf(request)),
  );

  app.get(
    '/users/me/role',
    { config: beforeTwoFactorSetup, schema: { response: { 200: roleResponseSchema } } },
    (request) => ({ role: authOf(request).role }),
  );

  app.put(
    '/users/me/password',
    {
      config: { access: 'authenticated' },
      schema: { body: changePasswordRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await me.changePassword(authOf(request), request.body);
      return { ok: true as const };
    },
  );
};
