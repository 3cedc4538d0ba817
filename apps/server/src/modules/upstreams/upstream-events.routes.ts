import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UpstreamEventReceiver } from './events/event-receiver';

const upstreamParams = z.object({ id: z.uuid('Supplier not found') });

/**
 * POST /upstreams/{id}/events: an upstream's webhook deliveries to this platform. The upstream
 * signs the body instead of signing in, so this plugin reads JSON bodies as text (its own
 * parser; the rest of the API keeps its JSON parser) and the signature is checked over it before
 * anything is read from it.
 */
export const upstreamEventsRoutes: FastifyPluginAsyncZod<{
  receiver: UpstreamEventReceiver;
}> = async (app, { receiver }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/upstreams/:id/events',
    {
      config: { access: 'public', fileBody: true },
      schema: {
        tags: ['upstreams'],
        summary: 'An upstream’s webhook events (signed with the secret it gave when subscribed)',
        params: upstreamParams,
        response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }) },
      },
    },
    (request) => {
      const signature = request.headers['keymarket-signature'];
      return receiver.receive(
        request.params.id,
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
};
