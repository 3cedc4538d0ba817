import { z } from './zod';
import { messages } from './messages';
import { respondOrderSchema } from './orders';
import { userRefSchema } from './users';

/**
 * Completing many request orders from one CSV, and rejecting many with one reason (admins).
 * A CSV line is `orderId,key,key…`; an order's keys may also come one a line (`orderId,key`
 * repeated): every line naming an order adds its keys to that order's, in the file's order.
 */

/** The largest CSV accepted, in characters (a key is a few dozen). */
export const BULK_CSV_MAX_CHARS = 1_000_000;
/** The most lines a CSV may have, blank ones included. */
export const BULK_CSV_MAX_LINES = 10_000;
/** The most orders one bulk answer may complete or reject. */
export const BULK_ORDERS_MAX = 200;

export const bulkCompleteSchema = z.strictObject({
  csv: z
    .string({ error: 'Paste or choose a CSV file of order ids and keys' })
    .max(BULK_CSV_MAX_CHARS, `The CSV cannot exceed ${BULK_CSV_MAX_CHARS} characters`)
    .refine((v) => v.trim().length > 0, 'Paste or choose a CSV file of order ids and keys')
    .refine(
      (v) => v.split('\n').length <= BULK_CSV_MAX_LINES,
      `The CSV cannot exceed ${BULK_CSV_MAX_LINES} lines`,
    ),
});
export type BulkCompleteInput = z.input<typeof bulkCompleteSchema>;

const rejectionReason = respondOrderSchema.options[1].shape.reason;

export const bulkRejectSchema = z.strictObject({
  orderIds: z
    .array(z.uuid(messages.orderNotFound), { error: 'Choose the orders to reject' })
    .min(1, 'Choose the orders to reject')
    .max(BULK_ORDERS_MAX, `Reject at most ${BULK_ORDERS_MAX} orders at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'An order is named twice'),
  reason: rejectionReason,
});
export type BulkRejectInput = z.input<typeof bulkRejectSchema>;

/**
 * Why an order is left as it is: `unknown` (no such order), `not_pending` (already answered),
 * `docked` (bought from a supplier, settles by itself), `backordered` (filled from the key pool
 * by an import), `line_count` (not one key per unit), `beyond_cap` (beyond BULK_ORDERS_MAX).
 */
const bulkRefusalSchema = z.enum([
  'unknown',
  'not_pending',
  'docked',
  'backordered',
  'line_count',
  'beyond_cap',
]);
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/** One order the CSV names, as it would be completed. */
const bulkPreviewRowSchema = z.object({
  orderId: z.string(),
  /** The CSV's line numbers (from 1) that name the order. */
  lines: z.array(z.number().int()),
  productName: z.string().nullable(),
  buyer: userRefSchema.nullable(),
  quantity: z.number().int().nullable(),
  status: z.string().nullable(),
  /** How many keys the CSV gives it. */
  keysGiven: z.number().int(),
  refusal: bulkRefusalSchema.nullable(),
  /** The refusal in an English sentence; null when the order would be completed. */
  message: z.string().nullable(),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

/** A line that names no order: its number (from 1) and why. */
const bulkUnparsableLineSchema = z.object({
  line: z.number().int(),
  /** `quotes`: its quotes do not pair up; `not_an_order`: it starts with no order id; `no_key`. */
  reason: z.enum(['quotes', 'not_an_order', 'no_key']),
  message: z.string(),
});

export const bulkPreviewSchema = z.object({
  orders: z.array(bulkPreviewRowSchema),
  unparsable: z.array(bulkUnparsableLineSchema),
  /** How many orders confirming would complete. */
  completable: z.number().int(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

const bulkOutcomeSchema = z.object({
  orderId: z.string(),
  outcome: z.enum(['completed', 'rejected', 'refused']),
  refusal: bulkRefusalSchema.nullable(),
  message: z.string().nullable(),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const bulkResultSchema = z.object({
  orders: z.array(bulkOutcomeSchema),
  unparsable: z.array(bulkUnparsableLineSchema),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
