import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { deliveryTypeEnum, categories, products } from './catalogue';
import { bytea, createdAt, id, timestampTz } from './columns';
import { users } from './users';

export const orderStatusEnum = pgEnum('order_status', ['pending', 'completed', 'rejected']);

/** One link of the pricing chain at placement: `userId` paid `costCents` a unit. */
export interface PriceChainLink {
  userId: string;
  costCents: string;
}

/** Where an order's goods come from: our own pool or stock, or bought upstream (DESIGN.md §14). */
export const orderSourcingEnum = pgEnum('order_sourcing', ['local', 'upstream']);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The upline who priced the order for the buyer; null when the platform did. */
    sellerId: uuid('seller_id').references(() => users.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    quantity: integer('quantity').notNull(),
    deliveryType: deliveryTypeEnum('delivery_type').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'bigint' }).notNull(),
    /**
     * The product's initial price (the platform's own cost) when placed, for the platform's
     * profit. Null on rows older than the column and on raw-SQL rows (benchmarks): analytics then
     * use the product's current initial price.
     */
    initialPriceCents: bigint('initial_price_cents', { mode: 'bigint' }),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    status: orderStatusEnum('status').notNull().default('pending'),
    notes: text('notes'),
    /**
     * An instant order placed beyond the keys of a product that allows it: paid, `pending` until
     * an import fills it whole (`fill-backorders.ts`). Stays true once completed, for the record.
     */
    backordered: boolean('backordered').notNull().default(false),
    /** `upstream`: a docked product's order, bought upstream (`upstream_orders` holds how). */
    sourcing: orderSourcingEnum('sourcing').notNull().default('local'),
    rejectionReason: text('rejection_reason'),
    /** Keys or account details typed by the admin for a request order, encrypted. */
    deliveredKeys: bytea('delivered_keys'),
    /** Costs along the chain when placed, so later price changes alter no profit. */
    priceChain: jsonb('price_chain').$type<PriceChainLink[]>().notNull(),
    respondedById: uuid('responded_by_id').references(() => users.id),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
    respondedAt: timestampTz('responded_at'),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    // The status filter, newest first, and the sort by status (with its ties, as below).
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt),
    // The orders screen's seller and product filters, newest first (DESIGN.md §10).
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    index('orders_product_idx').on(t.productId, t.createdAt),
    // Sorted by total (`?sort=-total`), in the list's whole order, so a page reads 25 entries
    // instead of sorting every order (bench/results/ledger-and-orders-pages.md): forwards for
    // an ascending sort, backwards for a descending one, as the ties follow the sort's direction.
    index('orders_total_idx').on(t.totalCents, t.createdAt, t.id),
    // The other sortable columns, the same way (status: orders_status_created_idx).
    index('orders_quantity_idx').on(t.quantity, t.createdAt, t.id),
    index('orders_product_name_idx').on(t.productName, t.createdAt, t.id),
    // The list's search: ILIKE '%…%' on the product's name (pg_trgm, migration 0001).
    index('orders_product_name_trgm_idx').using('gin', t.productName.op('gin_trgm_ops')),
    // Analytics read the last two days of completions and rejections (the older ones are rolled up).
    index('orders_delivered_idx').on(t.deliveredAt),
    index('orders_responded_idx').on(t.respondedAt),
    // The backorders an import fills, oldest first (`fill-backorders.ts`).
    index('orders_backorders_idx')
      .on(t.productId, t.createdAt, t.id)
      .where(sql`${t.backordered} and ${t.status} = 'pending'`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** An order as stored; here beside its table so any module can name it without importing another. */
export type OrderRow = typeof orders.$inferSelect;

/** First answer to a POST /orders with an Idempotency-Key, replayed for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const keyActionEnum = pgEnum('order_key_action', ['replaced', 'refunded']);

/**
 * What the administrator did about one delivered key of an order (DESIGN.md §11): replaced it
 * (`replacementKeyId` is the fresh key, sold to the same order) or refunded its unit. The primary
 * key is what makes each unit replaced or refunded at most once, whatever races: the second
 * insert finds the row and writes nothing (`after-sale.repository.ts`).
 */
export const orderKeyActions = pgTable(
  'order_key_actions',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The key's place among the order's delivered keys, from 0. */
    keyIndex: integer('key_index').notNull(),
    action: keyActionEnum('action').notNull(),
    /** The key replaced (the one delivered at that place); null for a docked order's key. */
    keyId: uuid('key_id'),
    replacementKeyId: uuid('replacement_key_id'),
    /**
     * A docked order's replacement, as its supplier delivered it (DESIGN.md §14), sealed by the
     * key vault: the supplier's key is not in this platform's pool.
     */
    replacementCiphertext: bytea('replacement_ciphertext'),
    refundCents: bigint('refund_cents', { mode: 'bigint' }),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.keyIndex] })],
);
