import type { AppModule } from '../../app-context';
import { WebhooksService } from '../webhooks/webhooks.service';
import { v1Routes } from './v1.routes';

/** The integration API (/api/v1): the same services as the web routes, called with an API key. */
export const v1Module: AppModule = async (app, { ctx }) => {
  const { products, orders, balance } = ctx.shared;
  const webhooks = new WebhooksService(ctx.db, ctx.vault, ctx.urlRules);
  await app.register(v1Routes, {
    prefix: '/v1',
    products,
    orders,
    balance,
    webhooks,
    db: ctx.db,
  });
};
