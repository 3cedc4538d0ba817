import type { AppModule } from '../../app-context';
import { webhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

export const webhooksModule: AppModule = async (app, { ctx }) => {
  await app.register(webhooksRoutes, {
    webhooks: new WebhooksService(ctx.db, ctx.vault, ctx.urlRules),
  });
};
