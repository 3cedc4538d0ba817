import type { AppModule } from '../../app-context';
import { usersAdminRoutes } from './users-admin.routes';

export const usersAdminModule: AppModule = async (app, { ctx }) => {
  await app.register(usersAdminRoutes, { db: ctx.db, me: ctx.shared.me });
};
