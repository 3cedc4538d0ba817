import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { topupMethodKinds, topupStatuses } from '@keymarket/contracts/topups';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { files } from './files';
import { users } from './users';

export const topupMethodKindEnum = pgEnum('topup_method_kind', topupMethodKinds);
export const topupStatusEnum = pgEnum('topup_status', topupStatuses);

/**
 * Ways to send money to a funder (DESIGN.md §13): the platform's (`owner_id` null, offered by the
 * administrators) or a manager's or reseller's own, offered to its invitees. Amounts are in the
 * method's currency, in its cents.
 */
export const topupMethods = pgTable(
  'topup_methods',
  {
    id: id(),
    /** The funder who offers it; null: the platform. */
    ownerId: uuid('owner_id').references(() => users.id),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    nameAr: text('name_ar').notNull(),
    instructionsEn: text('instructions_en').notNull(),
    instructionsFr: text('instructions_fr').notNull(),
    instructionsAr: text('instructions_ar').notNull(),
    kind: topupMethodKindEnum('kind').notNull(),
    /** One of the configured currencies when saved; no foreign key, so a currency stays deletable. */
    currencyCode: text('currency_code').notNull(),
    minAmountCents: bigint('min_amount_cents', { mode: 'bigint' }).notNull(),
    maxAmountCents: bigint('max_amount_cents', { mode: 'bigint' }).notNull(),
    /** 0 to 20, two decimals. */
    feePercent: numeric('fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    feeFixedCents: bigint('fee_fixed_cents', { mode: 'bigint' }).notNull(),
    proofRequired: boolean('proof_required').notNull(),
    enabled: boolean('enabled').notNull(),
    /** Deleted methods stay for the requests that name them. */
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('topup_methods_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    check(
      'topup_methods_amounts',
      sql`${t.minAmountCents} > 0 and ${t.maxAmountCents} >= ${t.minAmountCents}`,
    ),
    check('topup_methods_fee', sql`${t.feePercent} between 0 and 20 and ${t.feeFixedCents} >= 0`),
  ],
);

/**
 * A request for money from the requester's funder (DESIGN.md §13). `amount_cents`, `fee_cents` are
 * in the method's currency; `credit_cents` is USD: what the request asks while pending, what was
 * credited once approved. `rate_to_usd` is frozen at the request.
 */
export const topupRequests = pgTable(
  'topup_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Who decides it; null: the platform (any administrator). */
    funderId: uuid('funder_id').references(() => users.id),
    methodId: uuid('method_id')
      .notNull()
      .references(() => topupMethods.id),
    status: topupStatusEnum('status').notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    rateToUsd: numeric('rate_to_usd', { precision: 13, scale: 6, mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'bigint' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    proofFileId: uuid('proof_file_id').references(() => files.id),
    /** A payment provider's page the requester pays on (Stripe Checkout), and its session id. */
    checkoutUrl: text('checkout_url'),
    providerSessionId: text('provider_session_id'),
    /** The provider's reference of the payment that credited it: credited once, ever. */
    providerRef: text('provider_ref'),
    /** The provider was paid another amount than asked (that amount was credited). */
    amountMismatch: boolean('amount_mismatch').notNull().default(false),
    /** The ledger row that credited the requester: one per approved request, never shared. */
    creditEntryId: bigint('credit_entry_id', { mode: 'bigint' }),
    /** The approver's word on a changed amount. */
    note: text('note'),
    /** Why it was rejected or cancelled. */
    reason: text('reason'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedById: uuid('decided_by_id').references(() => users.id),
  },
  (t) => [
    index('topup_requests_user_idx').on(t.userId, t.createdAt, t.id),
    index('topup_requests_funder_idx').on(t.funderId, t.createdAt, t.id),
    // The "at most 3 pending" count and the Stripe recovery sweep.
    index('topup_requests_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('topup_requests_provider_ref_unique').on(t.providerRef),
    uniqueIndex('topup_requests_session_unique').on(t.providerSessionId),
    uniqueIndex('topup_requests_credit_entry_unique').on(t.creditEntryId),
    check(
      'topup_requests_amounts',
      sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.creditCents} > 0`,
    ),
    check(
      'topup_requests_approved_credited',
      sql`(${t.status} = 'approved') = (${t.creditEntryId} is not null)`,
    ),
  ],
);
