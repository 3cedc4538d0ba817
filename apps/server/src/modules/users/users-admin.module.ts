import type { AppModule } from '../../app-context';
import { usersAdminRoutes } from './users-admin.routes';

export const usersAdminModule: AppModule = async (app, { ctx }) => {
  // The CSV export tolerates lag: it reads DATABASE_READ_URL's replica when it is fit.
  await app.register(usersAdminRoutes, {
    db: ctx.db,
    me: ctx.shared.me,
    reads: ctx.database.reads,
  });
};
