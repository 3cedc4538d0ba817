import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { orderKeySchema, orderSchema, reportKeySchema } from '@keymarket/contracts/orders';
import { authOf } from '../access/auth-context';
import type { AfterSaleService } from './after-sale.service';

const idParams = z.object({ id: z.uuid(messages.orderNotFound) });

/** Faulty keys (DESIGN.md §11): each answers the order as the caller now sees it. */
export const afterSaleRoutes: FastifyPluginAsyncZod<{ afterSale: AfterSaleService }> = async (
  app,
  { afterSale },
) => {
  app.post(
    '/orders/:id/report',
    {
      config: { access: ['manager', 'reseller'] },
      schema: { params: idParams, body: reportKeySchema, response: { 200: orderSchema } },
    },
    (request) => afterSale.report(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/replace',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: orderKeySchema, response: { 200: orderSchema } },
    },
    (request) => afterSale.replace(authOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { access: ['admin'] },
      schema: { params: idParams, body: orderKeySchema, response: { 200: orderSchema } },
    },
    (request) => afterSale.refund(authOf(request), request.params.id, request.body),
  );
};
