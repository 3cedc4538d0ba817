import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { orderSchema, reportKeySchema } from '@keymarket/contracts/orders';
import { authOf } from '../access/auth-context';
import { orderExample } from '../api-v1/v1-examples';
import type { AfterSaleService } from './after-sale.service';

const orderParams = z.object({ id: z.uuid(messages.orderNotFound) });

/**
 * `POST /v1/orders/{id}/report` (DESIGN.md §14): the web's report of a faulty key for API
 * clients, a platform that docked the product among them. Same service, same rules: the buyer
 * only, a completed instant order, one report per key.
 */
export const v1ReportRoutes: FastifyPluginAsyncZod<{ afterSale: AfterSaleService }> = async (
  app,
  { afterSale },
) => {
  app.post(
    '/orders/:id/report',
    {
      config: { access: 'authenticated', credentials: 'api-key' },
      schema: {
        tags: ['v1'],
        security: [{ apiKey: [] }],
        summary: 'Report a faulty key',
        description:
          'Reports the key at `keyIndex` (from 0, in `responseKeys` order) of one of your completed orders as not working, with a `reason`; it opens a ticket for the administrators. Their answer is the webhook event `order.key_replaced` (the new key is then in `responseKeys`, `keyStates` says `replaced`) or `order.unit_refunded` (the unit price back in your balance, `keyStates` says `refunded`). One report per key: a second is a 409.',
        params: orderParams,
        body: reportKeySchema.meta({ example: { keyIndex: 0, reason: 'Already redeemed' } }),
        response: { 200: orderSchema.meta({ example: orderExample }) },
      },
    },
    (request) => afterSale.report(authOf(request), request.params.id, request.body),
  );
};
