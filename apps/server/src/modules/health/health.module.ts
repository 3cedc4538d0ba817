import type { AppModule } from '../../app-context';
import { healthRoutes } from './health.routes';

export const healthModule: AppModule = async (app, { ctx }) => {
  await app.register(healthRoutes, { database: ctx.database });
};
