import type { AppModule } from '../../app-context';
import { startStripeSweep } from './stripe-payments';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { TopupMethodsService } from './topup-methods.service';
import { topupsRoutes } from './topups.routes';
import { topupsV1Routes } from './topups-v1.routes';
import { TopupsService } from './topups.service';

/** Top-ups: funders' methods and requests, for the web app and under /api/v1. */
export const topupsModule: AppModule = async (app, { ctx }) => {
  const { payments } = ctx;
  const methods = new TopupMethodsService(ctx.db, () => payments !== undefined);
  const topups = new TopupsService(ctx.db, { expiryDays: ctx.env.TOPUP_EXPIRY_DAYS }, payments);
  await app.register(topupsRoutes, { methods, topups });
  await app.register(topupsV1Routes, { prefix: '/v1', methods, topups });
  if (payments) {
    await app.register(stripeWebhookRoutes, { payments });
    // Missed callbacks recovered every 5 minutes (DESIGN.md §13).
    app.addHook('onClose', startStripeSweep(payments, app.log));
  }
};
