import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every setting is validated at start: a bad value stops
 * the process with a clear message instead of failing later in a request.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A whole-number setting, written in decimal digits. Not `z.coerce.number()`, which read an empty
 * `PORT=` as 0 (a random port, silently), "0x10" as 16 and "1e3" as 1000.
 */
function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number written in digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

/** Proxies on loopback and private addresses: what `TRUST_PROXY=true` believes. */
export const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: the proxies whose X-Forwarded-For entries (and
 * X-Forwarded-Proto) are believed. The client is then the last address of the chain that is not
 * one of them. `false`: the socket's address. `true`: proxies on loopback, link-local and private
 * addresses (a load balancer in the same network). Or their addresses and CIDR ranges,
 * comma-separated. Never Fastify's own `true`, which takes the left-most entry: the one the
 * client wrote itself, so anyone could pass for any address (the login limits, an API key's
 * allowed addresses). Fastify no longer takes a hop count (it cannot tell a proxy from a client
 * who sends the hops itself), so a number other than 0 or 1 is refused.
 */
export function trustProxySetting(value: string): false | string[] | undefined {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(text)) return false;
  if (['true', '1', 'yes'].includes(text)) return [...PRIVATE_PROXIES];
  const proxies = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const isProxy = (entry: string) => {
    if ((PRIVATE_PROXIES as readonly string[]).includes(entry)) return true;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return proxies.length > 0 && proxies.every(isProxy) ? proxies : undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: wholeNumber(0, 65535).default(3000),
  /** A client's time to send its request's headers, then the whole request (slow clients). */
  HEADERS_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
  REQUEST_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(120_000),
  /** An idle kept-alive connection is closed after this; above a load balancer's idle timeout. */
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(100, 600_000).default(72_000),
  /** Open connections one address may hold (trusted proxies not counted); 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(0, 1_000_000).default(256),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A replica for the reads that tolerate lag (DESIGN.md §15: exports, analytics, the audit list,
   * statements, the read-only reconciliation); unset, they read DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
    .optional(),
  /** How far behind the replica may be before those reads go to the primary instead. */
  READ_MAX_LAG_MS: wholeNumber(0, 3_600_000).default(5000),
  /**
   * Half for the order path's named statements (`DatabaseHandle.preparedStatements`), an eighth
   * for the reads batched across requests (`DatabaseHandle.batchedReads`). 32 rather than 20:
   * with 16 connections writing orders instead of 10, more commits share each WAL flush
   * (bench/results/orders.md).
   */
  DATABASE_POOL_MAX: wholeNumber(1, 200).default(32),
  /** How often each process folds sold keys into the stock counters (stock-fold-timer.ts). */
  STOCK_FOLD_INTERVAL_MS: wholeNumber(10, 3_600_000).default(100),
  /**
   * How often each process enters sales' margins into the sellers' profit buckets and ledgers
   * (ledger/profit-accruals.ts); profit figures are exact either way, ledger rows wait for it.
   */
  PROFIT_FOLD_INTERVAL_MS: wholeNumber(10, 3_600_000).default(100),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs access tokens. Generated and kept in DATA_DIR when unset; set it when running several instances. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Encrypts keys at rest (AES-256-GCM). 64 hex characters; generated and kept in DATA_DIR when unset. */
  KEYS_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'KEYS_SECRET must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(30, 86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: wholeNumber(1, 365).default(30),
  /** Origins allowed to send state-changing requests besides the server's own. Comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** The proxies in front whose X-Forwarded-* is believed (`trustProxySetting`). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const setting = trustProxySetting(value);
      if (setting === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            "Expected false, true (proxies on private addresses), or the proxies' addresses (comma-separated)",
        });
        return z.NEVER;
      }
      return setting;
    }),
  /** Header carrying the client's ISO country code, set by a trusted CDN (e.g. cf-ipcountry). */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
  /** Without COUNTRY_HEADER, look the client's address up in the GeoIP database bundled with the server. */
  GEOIP: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  LOGIN_RATE_LIMIT: wholeNumber(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: wholeNumber(1).default(900),
  REGISTER_RATE_LIMIT: wholeNumber(1).default(30),
  REGISTER_RATE_WINDOW_SECONDS: wholeNumber(1).default(3600),
  /** Session refreshes per address per minute (every tab refreshes once per access-token TTL). */
  REFRESH_RATE_LIMIT: wholeNumber(1).default(120),
  /**
   * Memory for rendered whole-catalogue product lists (gzip bytes, least recently used dropped
   * first); 0 turns the cache off. A 10,000-product list takes about 0.75 MB.
   */
  PRODUCT_LIST_CACHE_MB: wholeNumber(0, 4096).default(64),
  /** Attempts to change one's email per user per hour (each tells whether an address is taken). */
  EMAIL_CHANGE_RATE_LIMIT: wholeNumber(1).default(10),
  /** Invite codes one user may generate per hour. */
  INVITATION_RATE_LIMIT: wholeNumber(1).default(60),
  /** Calls one API key may make to /api/v1 per minute (DESIGN.md §9). */
  API_RATE_LIMIT: wholeNumber(1).default(600),
  /** First retry delay of a failed webhook delivery, doubled on each attempt (DESIGN.md §9). */
  WEBHOOK_RETRY_BASE_MS: wholeNumber(1, 86_400_000).default(60_000),
  /** Lets webhooks use http and private or loopback addresses: development and tests only. */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanString.default(false),
  /** How often each instance looks for due outbox deliveries (webhooks). */
  OUTBOX_POLL_INTERVAL_MS: wholeNumber(10, 3_600_000).default(1000),
  /**
   * Days a settled outbox delivery (succeeded or failed: the delivery log shows both) is kept,
   * with its event once no delivery refers to it; pending ones are kept until they settle.
   */
  OUTBOX_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  /**
   * How often each instance looks for key file imports no instance is running (queued by
   * another instance, or left by a process that stopped); an instance starts its own at once.
   */
  KEY_IMPORT_POLL_INTERVAL_MS: wholeNumber(10, 3_600_000).default(2000),
  /** A running key import untouched this long (its process died) is taken over by another runner. */
  KEY_IMPORT_LEASE_MS: wholeNumber(1000, 3_600_000).default(30_000),
  /** Keys a key import adds per transaction: what a crash can cost, and what a cancel waits for. */
  KEY_IMPORT_BATCH_KEYS: wholeNumber(1, 100_000).default(5000),
  /** Days a top-up request waits for its funder before it expires (DESIGN.md §13). */
  TOPUP_EXPIRY_DAYS: wholeNumber(1, 365).default(3),
  /** Card top-ups through Stripe Checkout (docs/payments.md): both set, or neither. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  /** Tests only: where the Stripe SDK sends its calls (a local stand-in for Stripe's API). */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be an http:// or https:// URL' })
    .optional(),
  /**
   * How long a docked purchase waits for its upstream inside the buyer's request; past it the
   * buyer gets a pending order that the outbox completes.
   */
  UPSTREAM_INLINE_TIMEOUT_MS: wholeNumber(100, 60_000).default(8000),
  /** How often docked products are compared with their upstream's catalogue (DESIGN.md §14). */
  UPSTREAM_SYNC_INTERVAL_MS: wholeNumber(1000, 86_400_000).default(300_000),
  /** A docked order waiting for its supplier (`onUpstreamFailure: wait`) is bought again this often… */
  UPSTREAM_BACKORDER_RETRY_MS: wholeNumber(100, 86_400_000).default(600_000),
  /** …for this long after it was placed, then refunded (DESIGN.md §14: 24 hours). */
  UPSTREAM_BACKORDER_WINDOW_MS: wholeNumber(1000, 604_800_000).default(86_400_000),
  /** A comment line on every open notification stream this often, so proxies keep it open. */
  STREAM_HEARTBEAT_MS: wholeNumber(100, 300_000).default(25_000),
  /** A notification stream is ended after this long; the browser reconnects and is checked again. */
  STREAM_MAX_AGE_MS: wholeNumber(1000, 86_400_000).default(300_000),
  /**
   * Email (DESIGN.md §12): `smtp://user:pass@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Unset: no email, and no forgotten-password flow.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every email: `Keymarket <no-reply@example.com>` or an address. */
  SMTP_FROM: z.string().min(3).default('Keymarket <no-reply@keymarket.local>'),
  /** Where users reach the site: every link in an email starts with it (no trailing slash). */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /** Failed emails are tried again after this, doubled each time (like webhooks). */
  EMAIL_RETRY_BASE_MS: wholeNumber(1, 86_400_000).default(60_000),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_EMAIL: z.email().default('admin@keymarket.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Directory of the built web app; empty to serve the API only. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {}

/** Reads and validates process.env; prints the problem and exits 1 on a bad value. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
