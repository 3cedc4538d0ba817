/*
 * Every text the top-up routes answer in an error (DESIGN.md §13), with the limits they name.
 * `messages.ts` takes them into the catalogue the web translates (`messages.<key>`), so a refusal
 * of a top-up reads in the user's language; the keys start with `topup` so they stand apart there.
 * Kept apart from `topups.ts`, which imports the catalogue itself.
 */

export const TOPUP_FEE_PERCENT_MAX = 20;
/** At most this many pending requests per user: a funder is not flooded. */
export const TOPUP_PENDING_MAX = 3;
export const TOPUP_NAME_MAX = 80;
export const TOPUP_INSTRUCTIONS_MAX = 2000;
export const TOPUP_REFERENCE_MAX = 200;
export const TOPUP_REASON_MAX = 500;

/** The fixed texts, by key. */
export const topupMessages = {
  topupMethodNotFound: 'Payment method not found',
  topupNotFound: 'Top-up request not found',
  topupRangeOrder: 'The maximum must be at least the minimum',
  topupStripePlatformOnly: 'Only the platform offers card payments',
  topupStripeNotSetUp:
    'Card payments are not set up on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
  topupMethodDisabled: 'This payment method is not available',
  topupProofRequired: 'This payment method needs a proof of payment',
  topupProofChoose: 'Choose a proof of payment',
  topupProofUnsupported: 'The proof must be a PNG, JPEG, WebP or PDF file',
  topupProofTooLarge: 'The proof cannot exceed 5 MB',
  topupNoProof: 'This request has no proof',
  topupCreditTooSmall: 'After the fee, this amount credits less than $0.01',
  topupTooManyPending: `You already have ${TOPUP_PENDING_MAX} pending top-up requests: wait for an answer or cancel one`,
  topupAdminsHaveNoFunder: 'Administrators have no funder to ask for money',
  topupOnlyFunderDecides: 'Only your funder can decide your own request',
  topupOnlyRequesterCancels: 'Only the requester can cancel a request',
  topupNotPending: 'This request was already decided',
  topupExpired: 'This request has expired',
  topupNoteRequired: 'Say why the amount changed',
  topupReferenceRequired: 'Reference is required',
  topupCardUnavailable: 'Card payments are unavailable at the moment; try again later',
  topupCardOnly: 'Only a card top-up is confirmed by its payment',
  topupPaymentRefUsed: 'This payment reference already credited another request',
  topupSignatureMismatch: 'The Stripe signature does not match this body',
  // The forms' fields
  topupNameEnRequired: 'English name is required',
  topupNameFrRequired: 'French name is required',
  topupNameArRequired: 'Arabic name is required',
  topupNameEnTooLong: `English name cannot exceed ${TOPUP_NAME_MAX} characters`,
  topupNameFrTooLong: `French name cannot exceed ${TOPUP_NAME_MAX} characters`,
  topupNameArTooLong: `Arabic name cannot exceed ${TOPUP_NAME_MAX} characters`,
  topupInstructionsText: 'Instructions must be text',
  topupInstructionsEnTooLong: `English instructions cannot exceed ${TOPUP_INSTRUCTIONS_MAX} characters`,
  topupInstructionsFrTooLong: `French instructions cannot exceed ${TOPUP_INSTRUCTIONS_MAX} characters`,
  topupInstructionsArTooLong: `Arabic instructions cannot exceed ${TOPUP_INSTRUCTIONS_MAX} characters`,
  topupCurrencyFormat: 'Currency code must be 3 uppercase letters, e.g. EUR',
  topupFeePercentNumber: 'Fee percent must be a number',
  topupFeePercentNegative: 'Fee percent cannot be negative',
  topupFeePercentMax: `Fee percent cannot exceed ${TOPUP_FEE_PERCENT_MAX}`,
  topupFeePercentDecimals: 'Fee percent can have at most 2 decimals',
  topupTrueOrFalse: 'Expected true or false',
  topupAmountRequired: 'Amount is required',
  topupReferenceText: 'Reference must be text',
  topupReferenceTooLong: `Reference cannot exceed ${TOPUP_REFERENCE_MAX} characters`,
  topupNoteText: 'Note must be text',
  topupNoteTooLong: `Note cannot exceed ${TOPUP_REASON_MAX} characters`,
  topupReasonRequired: 'Reason is required',
  topupReasonTooLong: `Reason cannot exceed ${TOPUP_REASON_MAX} characters`,
} as const;

/** Texts with values in them, worded by `text` and read back by `pattern` (messages.ts). */
export const topupMessageTemplates = {
  /** A request's amount outside its method's limits, in the method's currency. */
  topupAmountRange: {
    text: ({ min, max, currency }: { min: string; max: string; currency: string }) =>
      `Amount must be between ${min} and ${max} ${currency}`,
    pattern: /^Amount must be between (?<min>\S+) and (?<max>\S+) (?<currency>[A-Z]{3})$/,
  },
  /** A method's currency that the administrators have not configured. */
  topupUnknownCurrency: {
    text: ({ currency }: { currency: string }) =>
      `${currency} is not one of the configured currencies`,
    pattern: /^(?<currency>\S+) is not one of the configured currencies$/,
  },
  /** An upline approving more than its own balance holds. */
  topupBalanceTooLow: {
    text: ({ amount }: { amount: string }) => `Your balance is too low to credit ${amount}`,
    pattern: /^Your balance is too low to credit (?<amount>\S+)$/,
  },
} as const;
