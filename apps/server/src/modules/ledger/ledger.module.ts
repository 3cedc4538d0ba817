import type { AppModule } from '../../app-context';
import { ledgerRoutes } from './ledger.routes';
import { LedgerService } from './ledger.service';

export const ledgerModule: AppModule = async (app, { ctx }) => {
  // Its lists tolerate lag: they read DATABASE_READ_URL's replica when it is fit (DESIGN.md §15).
  await app.register(ledgerRoutes, { ledger: new LedgerService(ctx.db, ctx.database.reads) });
};
