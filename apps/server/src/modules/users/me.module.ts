import type { AppModule } from '../../app-context';
import { meRoutes } from './me.routes';

/** The caller's own account. */
export const meModule: AppModule = async (app, { ctx }) => {
  await app.register(meRoutes, { me: ctx.shared.me });
};
