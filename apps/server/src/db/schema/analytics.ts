import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The invitation tree as a closure table: one row per (ancestor, member of its downline), and
 * one per user for itself (depth 0, migration 0017: a user and its downline are then one index
 * range; the downline alone is `depth > 0`). A
 * recursive walk of `users.invited_by_id` costs a lookup per member (about 50 ms for a downline of
 * 20,000); this answers "who is below X" with one index range. A trigger on `users` (migration
 * 0001) adds the rows of every new user, whoever inserts it, and refuses to change an inviter.
 */
export const invitationTree = pgTable(
  'invitation_tree',
  {
    ancestorId: uuid('ancestor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    descendantId: uuid('descendant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for a direct invitee; 0 for the user's own row. */
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('invitation_tree_descendant_idx').on(t.descendantId),
  ],
);

const cents = (name: string) => bigint(name, { mode: 'bigint' }).notNull();
const count = (name: string) => integer(name).notNull();

/**
 * Orders of the whole platform per finished UTC day, by the day each event happened: placed
 * (created_at), completed (delivered_at) and rejected (responded_at). A finished day never
 * changes (the application only writes events as they happen), so it is summed once, when an
 * analytics call first needs it; the last two days are always read from `orders` itself.
 */
export const platformDailySales = pgTable('platform_daily_sales', {
  day: date('day', { mode: 'string' }).primaryKey(),
  placedOrders: count('placed_orders'),
  completedOrders: count('completed_orders'),
  rejectedOrders: count('rejected_orders'),
  revenueCents: cents('revenue_cents'),
  /** What the tops of the pricing chains paid the platform. */
  platformShareCents: cents('platform_share_cents'),
  /** Quantity × the products' initial prices (the platform's own cost). */
  platformCostCents: cents('platform_cost_cents'),
});

/** Completed orders of a user's downline (not its own) per finished UTC day of completion. */
export const downlineDailySales = pgTable(
  'downline_daily_sales',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    completedOrders: count('completed_orders'),
    revenueCents: cents('revenue_cents'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The platform's completed orders per finished UTC day of completion and product, for "what
 * sells" (GET /analytics/sales, docs/adr/0069-sales-analytics.md). `profitCents`: what the tops of
 * the pricing chains paid minus the platform's cost (the upstream cost recorded on a docked
 * order, else the initial price when placed). Filled with `channelDailySales`, under the mark
 * 'platform-sales'.
 */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * No foreign key (nor on `channelId`): a check per row was 6.4 s of the first 41-s rollup of
     * 876,429 rows (bench/results/sales-analytics.md); the ids come from `orders`, whose own
     * keys hold them, and products and users with orders are never deleted.
     */
    productId: uuid('product_id').notNull(),
    completedOrders: count('completed_orders'),
    units: count('units'),
    revenueCents: cents('revenue_cents'),
    profitCents: cents('profit_cents'),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** The same per day and channel: the top of the order's pricing chain (the platform's customer). */
export const channelDailySales = pgTable(
  'channel_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    channelId: uuid('channel_id').notNull(),
    completedOrders: count('completed_orders'),
    units: count('units'),
    revenueCents: cents('revenue_cents'),
    profitCents: cents('profit_cents'),
  },
  (t) => [primaryKey({ columns: [t.day, t.channelId] })],
);

/**
 * How far each rollup goes: every day before `rolledUntil` is in the tables above. `scope` is
 * 'platform', 'platform-sales' (the two tables above) or the id of the user whose downline is
 * rolled up.
 */
export const analyticsRollupMarks = pgTable('analytics_rollup_marks', {
  scope: text('scope').primaryKey(),
  rolledUntil: date('rolled_until', { mode: 'string' }).notNull(),
});
