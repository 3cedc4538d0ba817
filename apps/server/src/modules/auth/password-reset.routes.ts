import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordRequestSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
} from '@keymarket/contracts/auth';
import type { PasswordResetService } from './password-reset.service';

/** The forgotten-password routes (DESIGN.md §12): 404 with the error envelope without `SMTP_URL`. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ reset: PasswordResetService }> = async (
  app,
  { reset },
) => {
  // Checked before the body, so a server without email answers 404 whatever is sent.
  const onlyWithEmail = async () => reset.assertEnabled();

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      preValidation: onlyWithEmail,
      schema: { body: forgotPasswordRequestSchema, response: { 202: okResponseSchema } },
    },
    async (request, reply) => {
      await reset.forgot(request.body, request.ip);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      preValidation: onlyWithEmail,
      schema: { body: resetPasswordRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await reset.reset(request.body, request.ip);
      return { ok: true as const };
    },
  );
};
