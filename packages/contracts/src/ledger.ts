import { z } from './zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT, paginated } from './pagination';
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
] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** `?format=csv` turns a list into a download of every matching row (DESIGN.md §10). */
export const exportFormatSchema = z.enum(['json', 'csv']).default('json');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const moment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Expected a date (YYYY-MM-DD) or a date and time (ISO 8601)',
});

/**
 * `from` and `to` of a list filtered by time, to spread into its query schema (with
 * `rangeInOrder`). A bare date is a whole UTC day: `from=2026-03-01` starts at its midnight and
 * `to=2026-03-31` includes all of the 31st. Both are answered as instants, `from` inclusive and
 * `to` exclusive.
 */
export const dateRangeFields = {
  from: moment.transform((v) => new Date(v)).optional(),
  to: moment
    .transform((v) => (DAY.test(v) ? new Date(Date.parse(v) + 86_400_000) : new Date(v)))
    .optional(),
};

/** The check a query schema with `dateRangeFields` adds: `.refine(rangeInOrder, rangeOrderError)`. */
export const rangeInOrder = ({ from, to }: { from?: Date | undefined; to?: Date | undefined }) =>
  !from || !to || from < to;
export const rangeOrderError = { message: '"to" must be after "from"', path: ['to'] };

export const ledgerQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    bucket: ledgerBucketSchema.optional(),
    kind: ledgerKindSchema.optional(),
    /** Administrators: whose statement (default: their own). */
    userId: z.uuid('userId must be a user id').optional(),
    ...dateRangeFields,
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
