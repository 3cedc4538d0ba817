import type { AppModule } from '../../app-context';
import { analyticsRoutes } from './analytics.routes';
import { AnalyticsService } from './analytics.service';
import { SalesAnalyticsService } from './sales.service';

export const analyticsModule: AppModule = async (app, { ctx }) => {
  await app.register(analyticsRoutes, {
    analytics: new AnalyticsService(
      ctx.db,
      { dataDir: ctx.env.DATA_DIR, now: ctx.now },
      ctx.database.reads,
    ),
    sales: new SalesAnalyticsService(ctx.database.reads, ctx.now),
  });
};
