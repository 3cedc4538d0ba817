import type { AppModule } from '../../app-context';
import { auditRoutes } from './audit.routes';
import { AuditService } from './audit.service';

export const auditModule: AppModule = async (app, { ctx }) => {
  // Its lists tolerate lag: they read DATABASE_READ_URL's replica when it is fit (DESIGN.md §15).
  await app.register(auditRoutes, { audit: new AuditService(ctx.db, ctx.database.reads) });
};
