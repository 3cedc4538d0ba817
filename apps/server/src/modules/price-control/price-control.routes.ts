import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkUpdatePricesResponseSchema,
  bulkUpdatePricesSchema,
  productSchema,
  updateRolePriceSchema,
} from '@keymarket/contracts/catalogue';
import { authOf } from '../access/auth-context';
import { productParams } from '../products/products.routes';
import type { PriceControlService } from './price-control.service';

// 10,000 rows of deltas can pass the app's 1 MB JSON limit.
const BULK_BODY_LIMIT = 4 * 1024 * 1024;

// Every role has a Price Control screen; what each may change is decided in the service.
export const priceControlRoutes: FastifyPluginAsyncZod<{
  priceControl: PriceControlService;
}> = async (app, { priceControl }) => {
  app.patch(
    '/products/:id/update-role-price',
    {
      config: { access: 'authenticated' },
      schema: {
        params: productParams,
        body: updateRolePriceSchema,
        response: { 200: productSchema },
      },
    },
    (request) => priceControl.updateRolePrice(authOf(request), request.params.id, request.body),
  );

  app.patch(
    '/products/bulk-update-prices',
    {
      config: { access: 'authenticated' },
      bodyLimit: BULK_BODY_LIMIT,
      schema: { body: bulkUpdatePricesSchema, response: { 200: bulkUpdatePricesResponseSchema } },
    },
    (request) => priceControl.bulkUpdate(authOf(request), request.body),
  );
};
