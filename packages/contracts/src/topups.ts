import { z } from './zod';
import { messages } from './messages';
import { nonNegativeUsdAmount, positiveUsdAmount, toCents } from './money';
import {
  dateRangeFields,
  exportFormatSchema,
  pageQuerySchema,
  paginated,
  rangeInOrder,
  rangeOrderError,
  sortParam,
} from './pagination';
import { freeText } from './text';
import {
  TOPUP_FEE_PERCENT_MAX,
  TOPUP_INSTRUCTIONS_MAX,
  TOPUP_NAME_MAX,
  TOPUP_REASON_MAX,
  TOPUP_REFERENCE_MAX,
  topupMessages,
} from './topup-messages';
import { userRefSchema } from './users';

export {
  TOPUP_FEE_PERCENT_MAX,
  TOPUP_INSTRUCTIONS_MAX,
  TOPUP_NAME_MAX,
  TOPUP_PENDING_MAX,
  TOPUP_REASON_MAX,
  TOPUP_REFERENCE_MAX,
  topupMessages,
  topupMessageTemplates,
} from './topup-messages';

/*
 * Money in (DESIGN.md §13): a user asks its funder (whoever prices it: the platform, or its
 * inviter) for balance, paying by one of the funder's top-up methods.
 */

/** How a requester pays a funder: by hand (a transfer, a deposit…), or by card through Stripe. */
export const topupMethodKinds = ['manual', 'stripe'] as const;
export const topupMethodKindSchema = z.enum(topupMethodKinds);
export type TopupMethodKind = z.infer<typeof topupMethodKindSchema>;

export const topupStatuses = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export const topupStatusSchema = z.enum(topupStatuses);
export type TopupStatus = z.infer<typeof topupStatusSchema>;

export const TOPUP_PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const TOPUP_PROOF_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
] as const;
export const TOPUP_PROOF_UNSUPPORTED_TEXT = topupMessages.topupProofUnsupported;
export const TOPUP_PROOF_TOO_LARGE_TEXT = topupMessages.topupProofTooLarge;

const m = topupMessages;

/** A name or instructions in one language: `required` names it (its text when missing or not text). */
const localised = (max: number, tooLong: string, required?: string) => {
  const text = freeText({ error: required ?? m.topupInstructionsText }).trim();
  return (required ? text.min(1, required) : text).max(max, tooLong);
};

const feePercent = z
  .number({ error: m.topupFeePercentNumber })
  .min(0, m.topupFeePercentNegative)
  .max(TOPUP_FEE_PERCENT_MAX, m.topupFeePercentMax)
  .refine(
    (value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    m.topupFeePercentDecimals,
  );

const methodFields = {
  nameEn: localised(TOPUP_NAME_MAX, m.topupNameEnTooLong, m.topupNameEnRequired),
  nameFr: localised(TOPUP_NAME_MAX, m.topupNameFrTooLong, m.topupNameFrRequired),
  nameAr: localised(TOPUP_NAME_MAX, m.topupNameArTooLong, m.topupNameArRequired),
  instructionsEn: localised(TOPUP_INSTRUCTIONS_MAX, m.topupInstructionsEnTooLong),
  instructionsFr: localised(TOPUP_INSTRUCTIONS_MAX, m.topupInstructionsFrTooLong),
  instructionsAr: localised(TOPUP_INSTRUCTIONS_MAX, m.topupInstructionsArTooLong),
  kind: topupMethodKindSchema,
  /** One of the configured currencies; amounts and the fixed fee are in it. */
  currencyCode: z
    .string({ error: m.topupCurrencyFormat })
    .trim()
    .regex(/^[A-Z]{3}$/, m.topupCurrencyFormat),
  minAmount: positiveUsdAmount,
  maxAmount: positiveUsdAmount,
  feePercent,
  feeFixed: nonNegativeUsdAmount,
  proofRequired: z.boolean({ error: m.topupTrueOrFalse }),
  enabled: z.boolean({ error: m.topupTrueOrFalse }),
};

const limitsInOrder = (v: { minAmount?: number; maxAmount?: number }) =>
  v.minAmount === undefined || v.maxAmount === undefined || v.maxAmount >= v.minAmount;
const limitsOrderError = { message: m.topupRangeOrder, path: ['maxAmount'] };

/** POST /topup-methods. */
export const topupMethodInputSchema = z
  .strictObject(methodFields)
  .refine(limitsInOrder, limitsOrderError);
export type TopupMethodInput = z.input<typeof topupMethodInputSchema>;

/** PATCH /topup-methods/{id}: any of the fields; the kind is fixed once made. */
export const topupMethodPatchSchema = z
  .strictObject(methodFields)
  .omit({ kind: true })
  .partial()
  .refine(limitsInOrder, limitsOrderError);
export type TopupMethodPatch = z.input<typeof topupMethodPatchSchema>;

export const topupMethodSchema = z.object({
  id: z.uuid(),
  nameEn: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  instructionsEn: z.string(),
  instructionsFr: z.string(),
  instructionsAr: z.string(),
  kind: topupMethodKindSchema,
  currencyCode: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  feePercent: z.number(),
  feeFixed: z.number(),
  proofRequired: z.boolean(),
  enabled: z.boolean(),
  /** The currency's rate now (what a request made now would freeze); null if it was deleted. */
  rateToUSD: z.number().nullable(),
  createdAt: z.iso.datetime(),
});
export type TopupMethod = z.infer<typeof topupMethodSchema>;
export const topupMethodListSchema = z.object({ data: z.array(topupMethodSchema) });
export type TopupMethodList = z.infer<typeof topupMethodListSchema>;

/** DELETE /topup-methods/{id}: deleted, or only disabled while requests still wait on it. */
export const topupMethodDeleteSchema = z.object({ outcome: z.enum(['deleted', 'disabled']) });

export const topupMethodParams = z.object({ id: z.uuid(m.topupMethodNotFound) });
export const topupParams = z.object({ id: z.uuid(m.topupNotFound) });

/**
 * A number as a form writes it (multipart sends text): digits and decimals only. Not
 * `z.coerce.number()`, which reads "0x1A" as 26 and "1e1" as 10.
 */
const NUMBER_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const formAmount = z.union(
  [
    z
      .string()
      .trim()
      .min(1, m.topupAmountRequired)
      .regex(NUMBER_TEXT, messages.amountNumber)
      .transform(Number)
      .pipe(positiveUsdAmount),
    positiveUsdAmount,
  ],
  {
    error: (issue) =>
      typeof issue.input === 'string' && issue.input.trim() !== ''
        ? messages.amountNumber
        : undefined,
  },
);
const reference = freeText({ error: m.topupReferenceText })
  .trim()
  .max(TOPUP_REFERENCE_MAX, m.topupReferenceTooLong);

/**
 * POST /topups (multipart: these fields, and the file `proof`). `amount` is in the method's
 * currency. The web form validates these; the server adds the file.
 */
export const createTopupSchema = z.strictObject({
  methodId: z.uuid(m.topupMethodNotFound),
  amount: formAmount,
  reference: reference.default(''),
});
export type CreateTopupInput = z.input<typeof createTopupSchema>;

/** POST /v1/topups: JSON, a reference the funder can match the payment with, no proof. */
export const v1CreateTopupSchema = z.strictObject({
  methodId: z.uuid(m.topupMethodNotFound),
  amount: positiveUsdAmount,
  reference: reference.min(1, m.topupReferenceRequired),
});
export type V1CreateTopupInput = z.input<typeof v1CreateTopupSchema>;

/** POST /topups/{id}/approve: the credit may be changed, saying why in `note`. */
export const approveTopupSchema = z.strictObject({
  creditAmount: positiveUsdAmount.optional(),
  note: freeText({ error: m.topupNoteText })
    .trim()
    .max(TOPUP_REASON_MAX, m.topupNoteTooLong)
    .optional(),
});
export type ApproveTopupInput = z.input<typeof approveTopupSchema>;

export const rejectTopupSchema = z.strictObject({
  reason: freeText({ error: m.topupReasonRequired })
    .trim()
    .min(1, m.topupReasonRequired)
    .max(TOPUP_REASON_MAX, m.topupReasonTooLong),
});
export type RejectTopupInput = z.input<typeof rejectTopupSchema>;

/** POST /topups/{id}/confirm-payment (administrators): the payment's reference in Stripe. */
export const confirmTopupPaymentSchema = z.strictObject({
  providerRef: z
    .string({ error: m.topupReferenceRequired })
    .trim()
    .min(1, m.topupReferenceRequired)
    .max(TOPUP_REFERENCE_MAX, m.topupReferenceTooLong),
});

export const topupSchema = z.object({
  id: z.uuid(),
  status: topupStatusSchema,
  method: z.object({
    id: z.uuid(),
    /** English; `names` in every language. */
    name: z.string(),
    names: z.object({ en: z.string(), fr: z.string(), ar: z.string() }),
    kind: topupMethodKindSchema,
  }),
  requester: userRefSchema,
  /** In the method's currency. */
  amount: z.number(),
  currencyCode: z.string(),
  /** Frozen at the request. */
  rateToUSD: z.number(),
  /** In the method's currency. */
  fee: z.number(),
  /** USD: asked while pending, credited once approved. */
  creditAmount: z.number(),
  reference: z.string(),
  proofUrl: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  providerRef: z.string().nullable(),
  amountMismatch: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: userRefSchema.nullable(),
  /** Why it was rejected or cancelled. */
  reason: z.string().nullable(),
  /** The approver's word on a changed amount. */
  note: z.string().nullable(),
});
export type Topup = z.infer<typeof topupSchema>;
export const topupListSchema = paginated(topupSchema);
export type TopupList = z.infer<typeof topupListSchema>;

export const topupSortColumns = ['createdAt', 'amount', 'creditAmount', 'status'] as const;

/** GET /topups and /topups/incoming. */
export const topupsQuerySchema = pageQuerySchema
  .extend({
    status: topupStatusSchema.optional(),
    ...dateRangeFields,
    sort: sortParam(topupSortColumns).optional(),
    format: exportFormatSchema,
  })
  .refine(rangeInOrder, rangeOrderError);
export type TopupsQuery = z.output<typeof topupsQuerySchema>;
export type TopupsQueryInput = z.input<typeof topupsQuerySchema>;

/**
 * What a request of `amount` by this method credits, everything in integer cents and each step
 * rounded down: fee = amount × feePercent / 100 (rounded down to the cent) + feeFixed, in the
 * method's currency; credit = (amount − fee) ÷ rateToUSD in USD, rounded down to the cent. The
 * server freezes these; the web shows the same figures as the amount is typed.
 */
export function topupQuoteCents(
  amountCents: bigint,
  method: { feePercent: number; feeFixedCents: bigint },
  rateToUSD: number,
): { feeCents: bigint; creditCents: bigint } {
  const basisPoints = BigInt(Math.round(method.feePercent * 100));
  const feeCents = (amountCents * basisPoints) / 10_000n + method.feeFixedCents;
  const net = amountCents - feeCents;
  const rateMicros = BigInt(Math.round(rateToUSD * 1_000_000));
  const creditCents = net > 0n && rateMicros > 0n ? (net * 1_000_000n) / rateMicros : 0n;
  return { feeCents, creditCents };
}

/** `topupQuoteCents` for amounts as JSON numbers (the web form). */
export function topupQuote(
  amount: number,
  method: { feePercent: number; feeFixed: number },
  rateToUSD: number,
): { fee: number; creditAmount: number } {
  const quote = topupQuoteCents(
    toCents(amount),
    { feePercent: method.feePercent, feeFixedCents: toCents(method.feeFixed) },
    rateToUSD,
  );
  return { fee: Number(quote.feeCents) / 100, creditAmount: Number(quote.creditCents) / 100 };
}
