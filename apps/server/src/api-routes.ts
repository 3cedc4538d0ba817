import type { AppModule } from './app-context';
import { afterSaleModule } from './modules/after-sale/after-sale.module';
import { analyticsModule } from './modules/analytics/analytics.module';
import { apiKeysModule } from './modules/api-keys/api-keys.module';
import { v1Module } from './modules/api-v1/v1.module';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import { passwordResetModule } from './modules/auth/password-reset.module';
import { balanceModule } from './modules/balance/balance.module';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { emailPreferencesModule } from './modules/email-preferences/email-preferences.module';
import { healthModule } from './modules/health/health.module';
import { invitationsModule } from './modules/invitations/invitations.module';
import { ledgerModule } from './modules/ledger/ledger.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { ordersModule } from './modules/orders/orders.module';
import { priceRulesModule } from './modules/price-rules/price-rules.module';
import { purchaseLimitsModule } from './modules/purchase-limits/purchase-limits.module';
import { reconciliationModule } from './modules/reconciliation/reconciliation.module';
import { sessionsModule } from './modules/sessions/sessions.module';
import { settingsModule } from './modules/system-settings/settings.module';
import { thresholdsModule } from './modules/thresholds/thresholds.module';
import { ticketsModule } from './modules/tickets/tickets.module';
import { topupsModule } from './modules/topups/topups.module';
import { twoFactorModule } from './modules/two-factor/two-factor.module';
import { upstreamsModule } from './modules/upstreams/upstreams.module';
import { meModule } from './modules/users/me.module';
import { usersAdminModule } from './modules/users/users-admin.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { sendApiDocument } from './plugins/app/api-docs';

/**
 * Every /api route, module by module: each module builds its services from the context and
 * registers its routes. The order is the OpenAPI document's.
 */
export const apiRoutes: AppModule = async (api, { ctx }) => {
  const modules = [
    settingsModule,
    healthModule,
    authModule,
    twoFactorModule,
    meModule,
    sessionsModule,
    passwordResetModule,
    emailPreferencesModule,
    invitationsModule,
    catalogueModule,
    priceRulesModule,
    ordersModule,
    afterSaleModule,
    balanceModule,
    apiKeysModule,
    webhooksModule,
    v1Module,
    topupsModule,
    upstreamsModule,
    thresholdsModule,
    auditModule,
    ledgerModule,
    reconciliationModule,
    usersAdminModule,
    purchaseLimitsModule,
    ticketsModule,
    notificationsModule,
    analyticsModule,
  ];
  for (const module of modules) await api.register(module, { ctx });

  api.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    (request, reply) => sendApiDocument(api, request, reply),
  );
};
