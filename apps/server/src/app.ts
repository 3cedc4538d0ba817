import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Env } from './env';
import type { DatabaseHandle } from './db/client';
import { KeyVault } from './lib/key-vault';
import { SystemSettingsCache } from './lib/settings';
import { RateLimits } from './lib/rate-limiter';
import { AccessTokens } from './lib/tokens';
import { registerAccessControl } from './plugins/access';
import { registerApiDocs } from './plugins/api-docs';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerStrictBodies } from './plugins/strict-bodies';
import { registerSecurity } from './plugins/security';
import { inlineScriptHashes, registerWebApp } from './plugins/web-app';
import { healthRoutes } from './modules/health/health.routes';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { balanceRoutes } from './modules/balance/balance.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { LedgerService } from './modules/ledger/ledger.service';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service';
import { BalanceService } from './modules/balance/balance.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { afterSaleRoutes } from './modules/after-sale/after-sale.routes';
import { AfterSaleService } from './modules/after-sale/after-sale.service';
import { OrdersService } from './modules/orders/orders.service';
import { thresholdsRoutes } from './modules/thresholds/thresholds.routes';
import { ThresholdsService } from './modules/thresholds/thresholds.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { SessionGate } from './modules/auth/session-gate';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { InvitationsService } from './modules/invitations/invitations.service';
import { settingsModule } from './modules/system-settings/settings.module';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { TicketsService } from './modules/tickets/tickets.service';
import { meRoutes } from './modules/users/me.routes';
import { usersAdminModule } from './modules/users/users-admin.routes';
import { MeService } from './modules/users/me.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { startStockFolding } from './modules/stock/stock-fold-timer';
import { startBackgroundFold } from './db/background-fold';
import { foldProfitAccruals } from './modules/ledger/profit-accruals';
import { ProductListCache } from './modules/catalogue-list/product-list-cache';
import { productListStore } from './modules/catalogue-list/product-list-store';
import { ProductsService } from './modules/products/products.service';
import { ApiKeyGate, API_RATE_LIMIT_NAME } from './modules/api-keys/api-key-gate';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { v1Routes } from './modules/api-v1/v1.routes';
import { OUTBOX_PURGE, startOutboxWorker } from './modules/outbox/outbox-worker';
import { WEBHOOK_MAX_ATTEMPTS } from '@keymarket/contracts/integration';
import { resolveWithDns, type ResolveHost } from './modules/webhooks/url-safety';
import { webhookConsumer } from './modules/webhooks/webhook-consumer';
import { emailConsumer } from './modules/email/email-consumer';
import { smtpMailer } from './modules/email/mailer';
import { emailPreferencesRoutes } from './modules/email-preferences/email-preferences.routes';
import { EmailPreferencesService } from './modules/email-preferences/email-preferences.service';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { PasswordResetService } from './modules/auth/password-reset.service';
import { WEBHOOK_TIMEOUT_MS } from './modules/webhooks/webhook-sender';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { HandlersInFlight } from './lib/handlers-in-flight';
import { loggedErr } from './lib/logged-error';
import { capConnectionsPerAddress, clientTimeouts } from './plugins/slow-clients';
import { LiveHub } from './modules/notifications/live-hub';
import { LivePublisher } from './modules/notifications/live-publisher';
import { LIVE_CHANNEL } from './modules/notifications/live-signals';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { WebhooksService } from './modules/webhooks/webhooks.service';
import { TopupMethodsService } from './modules/topups/topup-methods.service';
import { topupsRoutes } from './modules/topups/topups.routes';
import { topupsV1Routes } from './modules/topups/topups-v1.routes';
import { TopupsService } from './modules/topups/topups.service';

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  jwtSecret: string;
  /** 64 hex characters: encrypts keys at rest (KeyVault). */
  keysSecret: string;
  redis?: Redis;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (standard output unless given); tests read what it wrote. */
  logStream?: { write(line: string): void };
  /** The clock analytics buckets by; tests fix it. */
  now?: () => Date;
  /** How webhook host names are resolved (DNS unless given); tests answer their own addresses. */
  resolveHost?: ResolveHost;
}

/**
 * How long shutdown waits for the checks and handlers of requests whose client hung up, within
 * close-with-grace's 10 s (main.ts).
 */
const HANDLERS_SETTLE_MS = 5000;

/** Request fields that must never reach a log line. */
const REDACTED = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export async function buildApp({
  env,
  database,
  jwtSecret,
  keysSecret,
  redis,
  logger,
  logStream,
  now,
  resolveHost = resolveWithDns,
}: AppDeps) {
  const app = Fastify({
    logger: logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // An error logged as `err` (by Fastify, a plugin, a hook) loses a failed query's values
      // too: a user's password hash, a key's ciphertext (lib/logged-error.ts).
      serializers: { err: loggedErr },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: env.TRUST_PROXY,
    ...clientTimeouts(env),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, env);
  // Before any other hook and any route (lib/handlers-in-flight.ts says what it counts).
  const handlersInFlight = new HandlersInFlight();
  handlersInFlight.register(app);

  // Writes are JSON or multipart only (DESIGN.md §3): a text/plain body, which a cross-site form can
  // send, gets 415 instead of being parsed.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerStrictBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // External plugins first, then ours, then routes (fastify/demo order).
  await registerSecurity(app, env.ALLOWED_ORIGINS, inlineScriptHashes(env.WEB_DIST_DIR));
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Keymarket API',
        version: '0.1.0',
        description:
          'The integration API for shops and bots is under /api/v1 (tag v1): authenticate with an API key, `Authorization: Bearer km_…`. The guide is docs/api.md. The other routes serve the web app and take its session cookie.',
      },
      servers: [{ url: '/' }],
      tags: [{ name: 'v1', description: 'Integration API for shops and bots: API keys only' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (km_…), created in the web app under "API & webhooks"',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const db = database.db;
  const tokens = new AccessTokens(jwtSecret, env.ACCESS_TOKEN_TTL_SECONDS);
  const vault = new KeyVault(keysSecret);
  const rateLimits = new RateLimits(
    [
      {
        name: 'login',
        points: env.LOGIN_RATE_LIMIT,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      // Many identifiers sprayed from one address.
      {
        name: 'login-address',
        points: env.LOGIN_RATE_LIMIT * 10,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      {
        name: 'register',
        points: env.REGISTER_RATE_LIMIT,
        durationSeconds: env.REGISTER_RATE_WINDOW_SECONDS,
      },
      { name: 'refresh', points: env.REFRESH_RATE_LIMIT, durationSeconds: 60 },
      // Per user, as many as sign-ins: a session must not be a way around the login limit
      // (password changes and turning two-factor sign-in off both count here).
      {
        name: 'password-change',
        points: env.LOGIN_RATE_LIMIT,
        durationSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
      },
      { name: 'email-change', points: env.EMAIL_CHANGE_RATE_LIMIT, durationSeconds: 3600 },
      { name: 'invitations', points: env.INVITATION_RATE_LIMIT, durationSeconds: 3600 },
      { name: API_RATE_LIMIT_NAME, points: env.API_RATE_LIMIT, durationSeconds: 60 },
      // Forgotten password: per address (answered 429), and per identifier (silently not sent).
      { name: 'password-reset-address', points: 20, durationSeconds: 3600 },
      { name: 'password-reset-account', points: 3, durationSeconds: 3600 },
    ],
    redis,
  );
  const systemSettings = new SystemSettingsCache(db);
  const apiKeyGate = new ApiKeyGate(database.batchedReads, db, systemSettings, rateLimits);
  registerAccessControl(app, {
    sessions: new SessionGate(database.batchedReads, tokens, systemSettings),
    apiKeys: apiKeyGate,
  });
  // + maintenance gate: before the /api routes
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.SMTP_FROM) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  await app.register(settingsModule, { db, systemSettings, emailAvailable: mailer !== undefined });
  // The access check and the maintenance gate are the onRequest hooks that read the database.
  handlersInFlight.registerChecksEnd(app);
  // After access control: its routes are declared public there, like every /api route.
  await registerApiDocs(app);

  const twoFactor = new TwoFactorService(db, vault, systemSettings, rateLimits);
  const me = new MeService(db, rateLimits);
  const auth = new AuthService(db, tokens, rateLimits, twoFactor, {
    accessTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
  });
  // The web routes and /api/v1 call the same services: one money path, one set of rules.
  const listCache = new ProductListCache(
    env.PRODUCT_LIST_CACHE_MB * 1024 * 1024,
    productListStore(env.DATA_DIR, (err) => app.log.warn({ err }, 'product list store')),
  );
  const products = new ProductsService(db, listCache);
  // What the list cache would write to DATA_DIR a moment later, written before the server stops.
  app.addHook('onClose', () => listCache.flush());
  // Live figures (DESIGN.md §12): one LISTEN per process feeds every stream it serves.
  const liveHub = new LiveHub();
  const stopListening = await database.listen(LIVE_CHANNEL, liveHub);
  const livePublisher = new LivePublisher(db, app.log);
  // Open streams would keep the server from closing: they end first, and browsers reconnect.
  app.addHook('preClose', async () => liveHub.endAll());
  app.addHook('onClose', async () => {
    // A client that hung up leaves its check and handler running: what they publish goes out too.
    if (!(await handlersInFlight.settled(HANDLERS_SETTLE_MS))) {
      app.log.warn({ handlers: handlersInFlight.size }, 'closing with handlers still running');
    }
    await livePublisher.drain();
    await stopListening();
  });
  const orders = new OrdersService(
    db,
    vault,
    database.preparedStatements,
    livePublisher,
    systemSettings,
    database.batchedReads,
    database.reads,
  );
  const balance = new BalanceService(db);
  const urlRules = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS, resolve: resolveHost };
  const topupMethods = new TopupMethodsService(db, () => false);
  const topups = new TopupsService(db, { expiryDays: env.TOPUP_EXPIRY_DAYS });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, {
        auth,
        countrySource: { header: env.COUNTRY_HEADER, geoip: env.GEOIP },
      });
      await api.register(twoFactorRoutes, { twoFactor });
      await api.register(meRoutes, { me });
      await api.register(passwordResetRoutes, {
        reset: new PasswordResetService(db, vault, rateLimits, {
          enabled: mailer !== undefined,
          now: now ?? (() => new Date()),
        }),
      });
      await api.register(emailPreferencesRoutes, {
        preferences: new EmailPreferencesService(db, mailer !== undefined),
      });
      await api.register(invitationsRoutes, {
        invitations: new InvitationsService(db, rateLimits),
      });
      await api.register(catalogueModule, { db, vault, products });
      await api.register(ordersRoutes, { orders });
      await api.register(afterSaleRoutes, { afterSale: new AfterSaleService(db, orders) });
      await api.register(balanceRoutes, { balance });
      await api.register(apiKeysRoutes, { apiKeys: new ApiKeysService(db) });
      await api.register(webhooksRoutes, { webhooks: new WebhooksService(db, vault, urlRules) });
      await api.register(v1Routes, { prefix: '/v1', products, orders, balance });
      await api.register(topupsRoutes, { methods: topupMethods, topups });
      await api.register(topupsV1Routes, { prefix: '/v1', methods: topupMethods, topups });
      await api.register(thresholdsRoutes, { thresholds: new ThresholdsService(db) });
      // The reads that tolerate lag go to DATABASE_READ_URL's replica when it is fit (§15).
      await api.register(auditRoutes, { audit: new AuditService(db, database.reads) });
      await api.register(ledgerRoutes, { ledger: new LedgerService(db, database.reads) });
      await api.register(reconciliationRoutes, {
        reconciliation: new ReconciliationService(db, database.reads),
      });
      await api.register(usersAdminModule, { db, me });
      await api.register(ticketsRoutes, { tickets: new TicketsService(db) });
      await api.register(notificationsRoutes, {
        notifications: new NotificationsService(db),
        db,
        hub: liveHub,
        stream: { heartbeatMs: env.STREAM_HEARTBEAT_MS, maxAgeMs: env.STREAM_MAX_AGE_MS },
      });
      await api.register(analyticsRoutes, {
        analytics: new AnalyticsService(db, { dataDir: env.DATA_DIR, now }, database.reads),
      });
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, env.WEB_DIST_DIR);
  // One worker for every delivery to the outside: webhooks and, with SMTP_URL, email.
  const outboxConsumers = [
    webhookConsumer(db, vault, urlRules),
    ...(mailer ? [emailConsumer(db, vault, mailer, systemSettings, env.PUBLIC_URL)] : []),
  ];
  app.addHook('onClose', startStockFolding(db, app.log, env.STOCK_FOLD_INTERVAL_MS));
  app.addHook(
    'onClose',
    startBackgroundFold('profit', foldProfitAccruals, db, app.log, env.PROFIT_FOLD_INTERVAL_MS),
  );
  app.addHook(
    'onClose',
    startOutboxWorker(db, app.log, outboxConsumers, {
      intervalMs: env.OUTBOX_POLL_INTERVAL_MS,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      // Longer than an attempt may last (its timeout), so a live attempt is never taken over.
      leaseMs: WEBHOOK_TIMEOUT_MS * 3,
      batchSize: 20,
      retentionMs: env.OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000,
      purge: OUTBOX_PURGE,
    }),
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
