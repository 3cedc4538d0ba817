import type { AppModule } from '../../app-context';
import { apiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';

export const apiKeysModule: AppModule = async (app, { ctx }) => {
  await app.register(apiKeysRoutes, { apiKeys: new ApiKeysService(ctx.db) });
};
