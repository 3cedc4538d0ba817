import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ledgerBuckets, ledgerKinds } from '@keymarket/contracts/ledger';
import { createdAt } from './columns';
import { users } from './users';

export const bucketEnum = pgEnum('ledger_bucket', ledgerBuckets);
export const ledgerKindEnum = pgEnum('ledger_kind', ledgerKinds);

/**
 * Append-only: every change to a balance or profit bucket is one row here, written in the same
 * transaction as the change. A bucket always equals the sum of its rows.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bucket: bucketEnum('bucket').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /**
     * The bucket's value once this row is applied: the running sum of the bucket's rows in ledger
     * order (created_at, id), written by the statement that moves the bucket (`bucketMove`).
     */
    balanceAfterCents: bigint('balance_after_cents', { mode: 'bigint' }).notNull(),
    kind: ledgerKindEnum('kind').notNull(),
    orderId: uuid('order_id'),
    actorId: uuid('actor_id').references(() => users.id),
    counterpartyId: uuid('counterparty_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.bucket),
    index('ledger_order_idx').on(t.orderId),
    // A statement page: one user's rows, newest first (GET /ledger), read backwards. Ascending on
    // purpose: \`order by created_at desc\` means NULLS FIRST, which an index declared \`desc\`
    // (drizzle: NULLS LAST) does not match, so PostgreSQL sorted every row of the user instead.
    index('ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
    // A statement sorted by amount (`?sort=-amount`), in the statement's whole order.
    index('ledger_user_amount_idx').on(t.userId, t.amountCents, t.createdAt, t.id),
    // What left a profit bucket (conversions): profit earned = bucket + these, without reading
    // every credit (analytics).
    index('ledger_profit_out_idx')
      .on(t.userId)
      .where(sql`${t.bucket} = 'profit' and ${t.amountCents} < 0`),
  ],
);

/** Admin actions and money movements with before/after values (DESIGN.md §6). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: text('before'),
    after: text('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt)],
);

/**
 * Margins earned by sales and not yet entered into their seller's profit bucket: the profit
 * counterpart of `product_stock_changes`. An order through a chain appends one row per seller
 * instead of updating the seller's user row, which every order of the seller's downline would
 * otherwise queue on until its commit reached the disk (bench/results/orders.md). Folding
 * (`profit-accruals.ts`) moves them into the bucket and writes their ledger rows, under the
 * seller's row lock, so each ledger row still carries its exact `balance_after_cents`.
 *
 * A seller's profit is its bucket plus its pending accruals (`profitOf`). No foreign key on
 * `user_id`: the key share lock a foreign key check takes on the seller's row is what the order
 * statement avoids (users are never deleted, and the order statement appends a row only for a
 * seller it has just read).
 */
export const profitAccruals = pgTable(
  'profit_accruals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    orderId: uuid('order_id').notNull(),
    /** The buyer: the ledger row's actor and counterparty. */
    buyerId: uuid('buyer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('profit_accruals_user_idx').on(t.userId, t.id),
    check('profit_accruals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
