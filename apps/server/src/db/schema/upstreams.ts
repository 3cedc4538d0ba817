import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { bytea, createdAt, id, timestampTz, updatedAt } from './columns';
import { orders } from './orders';

/**
 * Supply from upstream (DESIGN.md §14): another platform on which this one holds an account and
 * an API key. The key is sealed by the key vault and never shown again.
 */
export const upstreamStatusEnum = pgEnum('upstream_status', ['unknown', 'ok', 'failing']);

export const upstreams = pgTable('upstreams', {
  id: id(),
  name: text('name').notNull(),
  /** Which adapter speaks to it (modules/upstreams/adapters); Keymarket's own /api/v1 first. */
  kind: text('kind').notNull().default('keymarket-v1'),
  baseUrl: text('base_url').notNull(),
  apiKeyCiphertext: bytea('api_key_ciphertext').notNull(),
  status: upstreamStatusEnum('status').notNull().default('unknown'),
  /** This platform's balance there, as last read (after each purchase, each sync, each test). */
  balanceCents: bigint('balance_cents', { mode: 'bigint' }),
  /** Below this balance the administrators are told (`upstream.balance_low`); null: never. */
  lowBalanceAlertCents: bigint('low_balance_alert_cents', { mode: 'bigint' }),
  /** Since when the balance there has been below the alert (null: above it): one alert a crossing. */
  balanceLowSince: timestampTz('balance_low_since'),
  lastSyncAt: timestampTz('last_sync_at'),
  lastError: text('last_error'),
  /**
   * Our webhook endpoint there (`product.changed`, the orders' events), made when the upstream
   * was added, and its signing secret, sealed: an event is applied only with a valid signature.
   */
  webhookId: uuid('webhook_id'),
  webhookSecretCiphertext: bytea('webhook_secret_ciphertext'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The events received from an upstream (its `evt_…` ids), kept to apply each once: a replayed
 * or retried event is answered 200 and changes nothing.
 */
export const upstreamEvents = pgTable(
  'upstream_events',
  {
    upstreamId: uuid('upstream_id')
      .notNull()
      .references(() => upstreams.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.upstreamId, t.eventId] }),
    index('upstream_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * A local product supplied by an upstream: its cost is the upstream's price to this platform
 * (`products.initial_price_cents`), its prices follow the markup unless set by hand.
 */
export const dockedProducts = pgTable(
  'docked_products',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    upstreamId: uuid('upstream_id')
      .notNull()
      .references(() => upstreams.id),
    upstreamProductId: uuid('upstream_product_id').notNull(),
    /** The percentage markup in hundredths of a percent (12.5 % is 1250). */
    markupBasisPoints: integer('markup_basis_points').notNull(),
    markupFixedCents: bigint('markup_fixed_cents', { mode: 'bigint' }).notNull(),
    /** Hidden from buyers since then (the cost rose above a hand-set price, the upstream removed it). */
    pausedAt: timestampTz('paused_at'),
    pauseReason: text('pause_reason'),
    /**
     * What a refusal upstream that will not change does to the local order: `refund` at once, or
     * `wait`, a backorder retried every 10 minutes for 24 hours before the refund.
     */
    onUpstreamFailure: text('on_upstream_failure').notNull().default('refund'),
    createdAt: createdAt(),
  },
  (t) => [
    check('docked_products_on_upstream_failure', sql`${t.onUpstreamFailure} in ('refund', 'wait')`),
    uniqueIndex('docked_products_upstream_product_key').on(t.upstreamId, t.upstreamProductId),
    check(
      'docked_products_markup_nonnegative',
      sql`${t.markupBasisPoints} >= 0 and ${t.markupFixedCents} >= 0`,
    ),
  ],
);

export const upstreamOrderStatusEnum = pgEnum('upstream_order_status', [
  'pending',
  'completed',
  'rejected',
]);

/**
 * The purchase upstream of one local order of a docked product, written by `place_order` with
 * the order. Its primary key is the local order, and the local order's id is the Idempotency-Key
 * of every attempt: exactly one upstream order per local order, whatever retries, crashes or
 * instances.
 */
export const upstreamOrders = pgTable(
  'upstream_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    upstreamId: uuid('upstream_id')
      .notNull()
      .references(() => upstreams.id),
    upstreamProductId: uuid('upstream_product_id').notNull(),
    /** The cost recorded on the local order: sent as `maxUnitPrice`, so nothing sells below it. */
    unitCostCents: bigint('unit_cost_cents', { mode: 'bigint' }).notNull(),
    status: upstreamOrderStatusEnum('status').notNull().default('pending'),
    /** The upstream's own order id, once it answered. */
    upstreamOrderId: uuid('upstream_order_id'),
    /** The upstream order's status as last read there. */
    upstreamStatus: text('upstream_status'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('upstream_orders_upstream_idx').on(t.upstreamId, t.createdAt),
    index('upstream_orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
