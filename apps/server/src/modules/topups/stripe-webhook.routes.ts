import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StripePayments } from './stripe-payments';

/**
 * POST /payments/stripe/webhook: Stripe's callbacks. The signature is over the exact bytes sent,
 * so this plugin reads JSON bodies as a Buffer (its own parser; the rest of the API keeps its
 * JSON parser) and the SDK checks them before anything is read from them.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ payments: StripePayments }> = async (
  app,
  { payments },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      // Stripe signs the body instead of signing in; the route reads the raw bytes itself.
      config: { access: 'public', fileBody: true },
      schema: {
        tags: ['top-ups'],
        summary: 'Stripe’s callback (signed with STRIPE_WEBHOOK_SECRET)',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await payments.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
