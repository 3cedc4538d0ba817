import type { AppModule } from '../../app-context';
import { dockedSourcesRoutes } from './docked-sources.routes';
import { UpstreamEventReceiver } from './events/event-receiver';
import { upstreamEventsRoutes } from './upstream-events.routes';
import { upstreamsRoutes } from './upstreams.routes';
import { UpstreamsService } from './upstreams.service';

export const upstreamsModule: AppModule = async (app, { ctx }) => {
  const { db, vault, urlRules } = ctx;
  const purchases = ctx.shared.upstreamPurchases;
  await app.register(upstreamsRoutes, {
    upstreams: new UpstreamsService(db, vault, urlRules, purchases, ctx.env.PUBLIC_URL),
  });
  await app.register(upstreamEventsRoutes, {
    receiver: new UpstreamEventReceiver(db, vault, urlRules, purchases, ctx.env.PUBLIC_URL),
  });
  await app.register(dockedSourcesRoutes, { db });
};
