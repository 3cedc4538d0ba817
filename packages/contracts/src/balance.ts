import { z } from './zod';
import { positiveUsdAmount, nonNegativeUsdAmount } from './money';
import { freeText, searchText } from './text';
import { appLanguageSchema, userRefSchema } from './users';
import {
  dateRangeFields,
  exportFormatSchema,
  pageQuerySchema,
  rangeInOrder,
  rangeOrderError,
  sortParam,
} from './pagination';

export const balanceChangeSchema = z.strictObject({
  amount: positiveUsdAmount,
  note: freeText().trim().max(200, 'The note cannot exceed 200 characters').optional(),
});
export type BalanceChangeInput = z.input<typeof balanceChangeSchema>;

export const balanceChangeResponseSchema = z.object({
  user: userRefSchema,
  /** The target's balance after the change, USD. */
  balance: z.number(),
});

export const thresholdsSchema = z.object({ minProfitToConvert: z.number() });
/** 0 is a legitimate minimum: any profit may then be converted. */
export const updateThresholdsSchema = z.strictObject({ minProfitToConvert: nonNegativeUsdAmount });
export const DEFAULT_MIN_PROFIT_TO_CONVERT = 10;

/** Without `amount`, the whole profit is converted. */
export const convertProfitSchema = z.strictObject({ amount: positiveUsdAmount.optional() });
export const convertProfitResponseSchema = z.object({
  converted: z.number(),
  balance: z.number(),
  profit: z.number(),
});

/**
 * The kinds of record the server audits (`audit_log.target_type`): the server can write no other
 * (`AuditRecord`), and the audit screen offers each as a filter with a label of its own.
 */
export const auditTargetTypes = [
  'user',
  'order',
  'product',
  'category',
  'subcategory',
  'package',
  'ticket',
  'faq',
  'alert',
  'currency',
  'banned_country',
  'settings',
  'webhook',
  'api_key',
  'topup',
  'topup_method',
  'upstream',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The kinds of record whose names the audit log reads back for the ids an entry holds. */
export const auditNamedTypes = [
  'user',
  'product',
  'order',
  'category',
  'subcategory',
  'package',
  'ticket',
  'upstream',
] as const;

/**
 * What an id of an entry stands for, read when the log is: a user's username, a product's,
 * package's, supplier's or category's name, a ticket's subject, an order's product (the screen
 * puts the order's short number beside it). A record deleted since has none.
 */
export const auditNameSchema = z.object({ type: z.enum(auditNamedTypes), name: z.string() });
export type AuditName = z.infer<typeof auditNameSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: userRefSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime(),
  /** The names of the records its target and its before/after values name by id. */
  names: z.record(z.string(), auditNameSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log's sortable column: `?sort=createdAt` oldest first; newest first by default. */
export const auditSortColumns = ['createdAt'] as const;

/**
 * GET /audit: newest first; every filter optional, `action` and `targetType` exact, `actor` a
 * username (any case), for the screen's filter.
 */
export const auditQuerySchema = pageQuerySchema
  .extend({
    actorId: z.uuid('actorId must be a user id').optional(),
    actor: searchText().min(1).max(100).optional(),
    action: searchText().min(1).max(100).optional(),
    targetType: searchText().min(1).max(50).optional(),
    targetId: searchText().min(1).max(100).optional(),
    ...dateRangeFields,
    sort: sortParam(auditSortColumns).optional(),
    format: exportFormatSchema,
    /** The language of the export's action names; the request's `Accept-Language` unless told. */
    lang: appLanguageSchema.optional(),
  })
  .refine(rangeInOrder, rangeOrderError);
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditQueryInput = z.input<typeof auditQuerySchema>;
