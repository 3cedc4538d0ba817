import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { upstreams } from './upstreams';

/**
 * A buyer's report of one key of a docked order, passed to the supplier (DESIGN.md §14,
 * after-sale across platforms): `pending` until the supplier took it (`POST /v1/orders/{id}/report`
 * there), then `forwarded` until its replacement or unit refund is applied here (`answered`), or
 * `refused` when the supplier will not take it (its words in `lastError`). One per key, ever, as
 * the report itself.
 */
export const upstreamKeyReports = pgTable(
  'upstream_key_reports',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    keyIndex: integer('key_index').notNull(),
    upstreamId: uuid('upstream_id')
      .notNull()
      .references(() => upstreams.id),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.keyIndex] }),
    check(
      'upstream_key_reports_status',
      sql`${t.status} in ('pending', 'forwarded', 'answered', 'refused')`,
    ),
    // What the poll for answers reads: the reports the supplier holds.
    index('upstream_key_reports_forwarded_idx')
      .on(t.upstreamId)
      .where(sql`${t.status} = 'forwarded'`),
  ],
);
