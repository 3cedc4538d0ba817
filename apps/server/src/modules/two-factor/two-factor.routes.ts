import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@keymarket/contracts/auth';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@keymarket/contracts/two-factor';
import { z } from 'zod';
import { authOf } from '../access/auth-context';
import type { TwoFactorService } from './two-factor.service';
import { messages } from '@keymarket/contracts/messages';

// An administrator who must set up two-factor sign-in can still reach these (plugins/app/access.ts).
const setup = { access: 'authenticated', beforeTwoFactorSetup: true } as const;
const status = { 200: twoFactorStatusSchema };

export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.get('/auth/2fa', { config: setup, schema: { response: status } }, (request) =>
    twoFactor.status(authOf(request)),
  );

  app.post(
    '/auth/2fa/setup',
    { config: setup, schema: { response: { 200: twoFactorSetupSchema } } },
    (request) => twoFactor.setup(authOf(request)),
  );

  app.post(
    '/auth/2fa/enable',
    { config: setup, schema: { body: enableTwoFactorSchema, response: status } },
    (request) => twoFactor.enable(authOf(request), request.body.code),
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: { access: 'authenticated' },
      schema: { body: disableTwoFactorSchema, response: status },
    },
    (request) => twoFactor.disable(authOf(request), request.body.password, request.body.code),
  );

  app.delete(
    '/users/:id/two-factor',
    {
      config: { access: ['admin'] },
      schema: {
        params: z.object({ id: z.uuid(messages.userNotFound) }),
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await twoFactor.reset(authOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
