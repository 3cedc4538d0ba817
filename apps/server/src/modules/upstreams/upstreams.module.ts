import type { AppModule } from '../../app-context';
import { upstreamsRoutes } from './upstreams.routes';
import { UpstreamsService } from './upstreams.service';

export const upstreamsModule: AppModule = async (app, { ctx }) => {
  await app.register(upstreamsRoutes, {
    upstreams: new UpstreamsService(ctx.db, ctx.vault, ctx.urlRules, ctx.shared.upstreamPurchases),
  });
};
