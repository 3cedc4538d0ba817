import type { AppModule } from '../../app-context';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';

export const notificationsModule: AppModule = async (app, { ctx }) => {
  const { env } = ctx;
  await app.register(notificationsRoutes, {
    notifications: new NotificationsService(ctx.db),
    db: ctx.db,
    hub: ctx.live.hub,
    stream: { heartbeatMs: env.STREAM_HEARTBEAT_MS, maxAgeMs: env.STREAM_MAX_AGE_MS },
  });
};
