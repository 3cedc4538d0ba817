import type { AppModule } from '../../app-context';
import { BulkFulfilment } from './bulk-fulfilment';
import { ordersRoutes } from './orders.routes';

export const ordersModule: AppModule = async (app, { ctx }) => {
  // Shared with after-sale and /api/v1.
  await app.register(ordersRoutes, {
    orders: ctx.shared.orders,
    bulk: new BulkFulfilment(ctx.db, ctx.shared.orders),
  });
};
