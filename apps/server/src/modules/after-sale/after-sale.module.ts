import type { AppModule } from '../../app-context';
import { afterSaleRoutes } from './after-sale.routes';
import { AfterSaleService } from './after-sale.service';

export const afterSaleModule: AppModule = async (app, { ctx }) => {
  await app.register(afterSaleRoutes, {
    afterSale: new AfterSaleService(ctx.db, ctx.shared.orders),
  });
};
