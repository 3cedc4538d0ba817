import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import { KeyVault } from './lib/key-vault';
import type { RateLimits } from './lib/rate-limiter';
import { SystemSettingsCache } from './lib/settings';
import { AccessTokens } from './lib/tokens';
import { createRateLimits } from './plugins/external/rate-limits';
import { AfterSaleService } from './modules/after-sale/after-sale.service';
import { UpstreamAfterSale } from './modules/after-sale/upstream-answers';
import { BalanceService } from './modules/balance/balance.service';
import { ProductListCache } from './modules/catalogue-list/product-list-cache';
import { productListStore } from './modules/catalogue-list/product-list-store';
import { smtpMailer, type Mailer } from './modules/email/mailer';
import { LiveHub } from './modules/notifications/live-hub';
import { LivePublisher } from './modules/notifications/live-publisher';
import { OrdersService } from './modules/orders/orders.service';
import { ProductsService } from './modules/products/products.service';
import { StripePayments } from './modules/topups/stripe-payments';
import { UpstreamPurchases } from './modules/upstreams/upstream-purchases';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { MeService } from './modules/users/me.service';
import type { ResolveHost } from './modules/webhooks/url-safety';
import { WEBHOOK_TIMEOUT_MS } from './modules/webhooks/webhook-sender';

/**
 * What the plugins and modules share, built once per app: the database, the secrets' holders, the
 * rate limits, the settings cache, email, live signals, and the few services that more than one
 * module calls. Each module is a Fastify plugin (`AppModule`) that builds its own services from
 * this and registers its routes.
 */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  tokens: AccessTokens;
  /** Encrypts keys, secrets and sealed emails at rest. */
  vault: KeyVault;
  rateLimits: RateLimits;
  systemSettings: SystemSettingsCache;
  /** Sends email: there only with `SMTP_URL`. */
  mailer: Mailer | undefined;
  /** Card top-ups (DESIGN.md §13, docs/payments.md): there only with both Stripe secrets. */
  payments: StripePayments | undefined;
  /** The clock analytics buckets by and reset links expire by, when a test fixes it. */
  now: (() => Date) | undefined;
  /** The rules a webhook's address must pass, checked when it is saved and at each delivery. */
  urlRules: { allowPrivate: boolean; resolve: ResolveHost };
  /** Every buyer's product list, rendered (catalogue-list): written to DATA_DIR at close. */
  listCache: ProductListCache;
  /** Live figures (DESIGN.md §12): one LISTEN per process feeds every stream it serves. */
  live: { hub: LiveHub; publisher: LivePublisher };
  /**
   * Services more than one module calls. The web routes and /api/v1 call the same ones: one
   * money path, one set of rules.
   */
  shared: {
    products: ProductsService;
    orders: OrdersService;
    balance: BalanceService;
    me: MeService;
    twoFactor: TwoFactorService;
    /** Docked products' orders are bought upstream (DESIGN.md §14). */
    upstreamPurchases: UpstreamPurchases;
    /** Faulty keys (§11), a docked order's passed to its supplier and answered from there (§14). */
    afterSale: AfterSaleService;
    upstreamAfterSale: UpstreamAfterSale;
  };
}

/** A feature's plugin: its services built from the context, its routes registered. */
export type AppModule = FastifyPluginAsyncZod<{ ctx: AppContext }>;

export interface ContextDeps {
  env: Env;
  database: DatabaseHandle;
  jwtSecret: string;
  /** 64 hex characters: encrypts keys at rest (KeyVault). */
  keysSecret: string;
  redis?: Redis;
  now?: () => Date;
  resolveHost: ResolveHost;
}

export function createAppContext(deps: ContextDeps, log: FastifyBaseLogger): AppContext {
  const { env, database } = deps;
  const db = database.db;
  const vault = new KeyVault(deps.keysSecret);
  const rateLimits = createRateLimits(env, deps.redis);
  const systemSettings = new SystemSettingsCache(db);
  const live = { hub: new LiveHub(), publisher: new LivePublisher(db, log) };
  const listCache = new ProductListCache(
    env.PRODUCT_LIST_CACHE_MB * 1024 * 1024,
    productListStore(env.DATA_DIR, (err) => log.warn({ err }, 'product list store')),
  );
  const urlRules = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_URLS, resolve: deps.resolveHost };
  // An upstream's address follows the webhook URL rules (§9).
  const upstreamPurchases = new UpstreamPurchases(
    db,
    vault,
    urlRules,
    // A retry's attempt ends well within the outbox's lease (background-work.ts).
    {
      inlineMs: env.UPSTREAM_INLINE_TIMEOUT_MS,
      retryMs: WEBHOOK_TIMEOUT_MS * 2,
      backorderRetryMs: env.UPSTREAM_BACKORDER_RETRY_MS,
      backorderWindowMs: env.UPSTREAM_BACKORDER_WINDOW_MS,
    },
  );
  const upstreamAfterSale = new UpstreamAfterSale(db, vault, urlRules, {
    inlineMs: env.UPSTREAM_INLINE_TIMEOUT_MS,
    retryMs: WEBHOOK_TIMEOUT_MS * 2,
  });
  const orders = new OrdersService(
    db,
    vault,
    database.preparedStatements,
    live.publisher,
    systemSettings,
    database.batchedReads,
    database.reads,
    upstreamPurchases,
  );
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither');
  }
  return {
    env,
    database,
    db,
    tokens: new AccessTokens(deps.jwtSecret, env.ACCESS_TOKEN_TTL_SECONDS),
    vault,
    rateLimits,
    systemSettings,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.SMTP_FROM) : undefined,
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? new StripePayments(db, {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
            publicUrl: env.PUBLIC_URL,
          })
        : undefined,
    now: deps.now,
    urlRules,
    listCache,
    live,
    shared: {
      products: new ProductsService(db, listCache),
      orders,
      balance: new BalanceService(db),
      me: new MeService(db, rateLimits),
      twoFactor: new TwoFactorService(db, vault, systemSettings, rateLimits),
      upstreamPurchases,
      afterSale: new AfterSaleService(db, orders, upstreamAfterSale),
      upstreamAfterSale,
    },
  };
}
