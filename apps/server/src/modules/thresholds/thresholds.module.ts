import type { AppModule } from '../../app-context';
import { thresholdsRoutes } from './thresholds.routes';
import { ThresholdsService } from './thresholds.service';

export const thresholdsModule: AppModule = async (app, { ctx }) => {
  await app.register(thresholdsRoutes, { thresholds: new ThresholdsService(ctx.db) });
};
