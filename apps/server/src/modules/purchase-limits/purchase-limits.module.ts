import type { AppModule } from '../../app-context';
import { purchaseLimitsRoutes } from './purchase-limits.routes';

/** Purchase limits on invitees and products, and the buyer's allowance left today. */
export const purchaseLimitsModule: AppModule = async (app, { ctx }) => {
  await app.register(purchaseLimitsRoutes, { db: ctx.db });
};
