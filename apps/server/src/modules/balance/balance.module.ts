import type { AppModule } from '../../app-context';
import { balanceRoutes } from './balance.routes';

export const balanceModule: AppModule = async (app, { ctx }) => {
  // Shared with /api/v1.
  await app.register(balanceRoutes, { balance: ctx.shared.balance });
};
