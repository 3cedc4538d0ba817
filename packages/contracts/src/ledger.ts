import { z } from './zod';
import {
  dateRangeFields,
  exportFormatSchema,
  pageQuerySchema,
  paginated,
  rangeInOrder,
  rangeOrderError,
  sortParam,
} from './pagination';
import { userRefSchema } from './users';

export const ledgerBuckets = ['balance', 'profit'] as const;
export const ledgerBucketSchema = z.enum(ledgerBuckets);
export type LedgerBucket = z.infer<typeof ledgerBucketSchema>;

export const ledgerKinds = [
  'deposit',
  'withdrawal',
  'transfer',
  'purchase',
  'refund',
  'profit',
  'conversion',
  /** One unit of a completed order given back to its buyer (a faulty key). */
  'refund_unit',
  /** A seller's margin on a refunded unit, taken back (from its profit, else its balance). */
  'margin_reversal',
  /** Money entering the platform through an approved top-up request (DESIGN.md §13). */
  'topup',
] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** The statement's sortable columns (`?sort=createdAt`, `?sort=-amount`); newest first by default. */
export const ledgerSortColumns = ['createdAt', 'amount'] as const;

export const ledgerQuerySchema = pageQuerySchema
  .extend({
    bucket: ledgerBucketSchema.optional(),
    kind: ledgerKindSchema.optional(),
    /** Administrators: whose statement (default: their own). */
    userId: z.uuid('userId must be a user id').optional(),
    ...dateRangeFields,
    sort: sortParam(ledgerSortColumns).optional(),
    format: exportFormatSchema,
  })
  .refine(rangeInOrder, rangeOrderError);
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
export type LedgerQueryInput = z.input<typeof ledgerQuerySchema>;

/** One movement of a bucket, as a statement shows it. Amounts in USD, signed. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  bucket: ledgerBucketSchema,
  kind: ledgerKindSchema,
  amount: z.number(),
  /** The bucket's value once this row applied. */
  balanceAfter: z.number(),
  orderId: z.uuid().nullable(),
  /** Who gave (a transfer) or who bought (a profit); null for the platform's own movements. */
  counterparty: userRefSchema.nullable(),
  /** Who made the movement happen; null only for rows written by the system itself. */
  actor: userRefSchema.nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerListSchema = paginated(ledgerEntrySchema);
export type LedgerList = z.infer<typeof ledgerListSchema>;
