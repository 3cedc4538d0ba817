import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, timestampTz } from './columns';
import { users } from './users';

/**
 * API keys (DESIGN.md §9): a reseller's shop or bot calls /api/v1 as the key's owner. The key
 * itself is never stored: only its SHA-256, which finds it in one indexed lookup (the key is 238
 * random bits, so a fast hash is as safe as a slow one), and its first characters for lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists (`km_` and 7 more). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    secretHash: text('secret_hash').notNull(),
    /** The addresses and CIDR ranges it may be used from (api-key-gate.ts); empty: any. */
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** Written at most once a minute per key (api-key-gate.ts), not on every call. */
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    // The at-most-10 rule counts a user's active keys.
    index('api_keys_user_active_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Webhook endpoints (DESIGN.md §9): where a user's events are POSTed, signed with the endpoint's
 * secret. The secret is needed to sign, so it is kept sealed by the key vault, not hashed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `whsec_…`, sealed (KeyVault). */
    secretCiphertext: bytea('secret_ciphertext').notNull(),
    createdAt: createdAt(),
    /** Since when every attempt failed (none succeeded since); cleared by a success. */
    failingSince: timestampTz('failing_since'),
    /** Set when the endpoint was turned off for failing 24 hours, shown in its view. */
    disabledForFailuresAt: timestampTz('disabled_for_failures_at'),
  },
  (t) => [
    // Every order and credit asks whether its user has an enabled endpoint.
    index('webhook_endpoints_user_idx')
      .on(t.userId)
      .where(sql`${t.enabled}`),
  ],
);
