import type { AppModule } from '../../app-context';
import { sessionsRoutes } from './sessions.routes';
import { SessionsService } from './sessions.service';

/** Signed-in devices: list and end them (docs/adr/0003-accounts-sessions-and-api-rules.md). */
export const sessionsModule: AppModule = async (app, { ctx }) => {
  await app.register(sessionsRoutes, { sessions: new SessionsService(ctx.db) });
};
