import type { AppModule } from '../../app-context';
import { afterSaleRoutes } from './after-sale.routes';
import { v1ReportRoutes } from './v1-report.routes';

export const afterSaleModule: AppModule = async (app, { ctx }) => {
  const { afterSale } = ctx.shared;
  await app.register(afterSaleRoutes, { afterSale });
  // The integration API's report (/api/v1), the same service called with an API key.
  await app.register(v1ReportRoutes, { prefix: '/v1', afterSale });
};
