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
      schema: {
        description:
          'All or nothing. The original body lists `products`, each with signed USD amounts. ' +
          "With `mode: 'amount'` or `mode: 'percent'`, one `change` (USD, or percent from -90 to " +
          '1000 with at most 2 decimals, each new price rounded half up to the cent) applies to ' +
          "a `target`: `{ kind: 'products', productIds }`, `{ kind: 'category', categoryId }` or " +
          "`{ kind: 'all' }`, resolved when the change is applied (a product added later keeps " +
          'its prices). A price below cost is refused (400 `price_below_cost`), and a price ' +
          'raised above 10,000,000 USD (400 `validation`), every offending product named in ' +
          '`details`.',
        body: bulkUpdatePricesSchema,
        response: { 200: bulkUpdatePricesResponseSchema },
      },
    },
    (request) => priceControl.bulkUpdate(authOf(request), request.body),
  );
};
