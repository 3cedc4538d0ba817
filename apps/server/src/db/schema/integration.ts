import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz } from './columns';
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
