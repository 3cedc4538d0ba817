import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt } from './columns';

export const roleEnum = pgEnum('role', ['admin', 'manager', 'reseller']);
export const userStatusEnum = pgEnum('user_status', ['active', 'banned', 'inactive']);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** E.164; the bootstrap admin may have none. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    status: userStatusEnum('status').notNull().default('active'),
    banReason: text('ban_reason'),
    invitedById: uuid('invited_by_id').references((): AnyPgColumn => users.id),
    /** Buckets; each equals the sum of its ledger rows and never goes below zero. */
    balanceCents: bigint('balance_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    profitCents: bigint('profit_cents', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * Whether an enabled webhook endpoint of this user takes an event the order statement writes
     * (`order.created`, `order.completed`). Kept by a trigger on webhook_endpoints (migration
     * 0022), never by the application: the order statement reads it from the row it debits, so
     * an order nobody listens to skips the outbox (place-order.ts, "Events").
     */
    orderWebhooks: boolean('order_webhooks').notNull().default(false),
    avatarFileId: uuid('avatar_file_id'),
    /** Admin package (managers and admin-invited resellers) or the inviter's manager package. */
    packageId: uuid('package_id'),
    managerPackageId: uuid('manager_package_id'),
    signupCountry: char('signup_country', { length: 2 }),
    lastLoginCountry: char('last_login_country', { length: 2 }),
    lastLoginAt: timestampTz('last_login_at'),
    /** Two-factor sign-in (RFC 6238). Secrets are encrypted with the key vault, like keys. */
    totpSecret: text('totp_secret'),
    /** Set up but not yet confirmed by a code; replaced by each new setup. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestampTz('totp_enabled_at'),
    /** The last 30-second step accepted: a code is good once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Purchase limits its inviter (or an administrator) set (docs/adr/0062-purchase-limits.md):
     * the most it may spend on orders in a UTC day, and the most units in one order. Null: none.
     * `place_order` reads them under the buyer's row lock.
     */
    dailySpendCapCents: bigint('daily_spend_cap_cents', { mode: 'bigint' }),
    maxOrderQuantity: integer('max_order_quantity'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_invited_by_idx').on(t.invitedById),
    index('users_role_status_idx').on(t.role, t.status),
    // The user map reads the countries of many users by id (all of them, or a downline) from
    // this index alone, without the wide rows.
    index('users_country_idx').on(t.id, t.lastLoginCountry, t.signupCountry),
    // Global search matches any part of "username first last" (pg_trgm answers ILIKE '%…%').
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.username} || ' ' || ${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    // The orders list's search matches the buyer's username alone (orders.repository.ts).
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    check('users_balance_nonnegative', sql`${t.balanceCents} >= 0`),
    check('users_profit_nonnegative', sql`${t.profitCents} >= 0`),
    check('users_daily_spend_cap_nonnegative', sql`${t.dailySpendCapCents} >= 0`),
    check('users_max_order_quantity_positive', sql`${t.maxOrderQuantity} >= 1`),
  ],
);

/** One sign-in: the family of refresh tokens it rotates through. Revoking it ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    /** The address last seen, and its country when known (both kept by `SessionGate`). */
    ip: text('ip'),
    country: char('country', { length: 2 }),
    createdAt: createdAt(),
    /** Last seen: written at most once a minute per session (`SessionGate`), and at each refresh. */
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    revokedAt: timestampTz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token: a database leak does not leak usable tokens. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    /** Set when this token was exchanged; presenting it again is reuse (theft). */
    rotatedAt: timestampTz('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    code: char('code', { length: 8 }).notNull(),
    role: roleEnum('role').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
    usedById: uuid('used_by_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_key').on(t.code),
    index('invitations_created_by_idx').on(t.createdById, t.createdAt),
  ],
);

/**
 * A forgotten-password link's token (DESIGN.md §12): only its SHA-256 is kept; good once, for
 * 30 minutes, for the one user it was made for.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);
