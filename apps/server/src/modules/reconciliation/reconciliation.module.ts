import type { AppModule } from '../../app-context';
import { reconciliationRoutes } from './reconciliation.routes';
import { ReconciliationService } from './reconciliation.service';

export const reconciliationModule: AppModule = async (app, { ctx }) => {
  await app.register(reconciliationRoutes, {
    reconciliation: new ReconciliationService(ctx.db, ctx.database.reads),
  });
};
