import { z } from './zod';
import { messages } from './messages';

/** Largest amount accepted in one operation: 10 million USD, far below bigint limits. */
export const MAX_AMOUNT_USD = 10_000_000;

/**
 * True when `value` is a whole number of cents. The tolerance is relative, the size of the float
 * noise in `value * 100` (0.29 * 100 is 28.999999999999996); the fixed one used before also let
 * tiny amounts such as 1e-9 through, which round to 0 cents and reached the ledger (a 500).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  const whole = Math.round(cents);
  if (whole === 0) return value === 0;
  return Math.abs(whole - cents) <= 4 * Number.EPSILON * Math.abs(cents);
}

/** A USD amount sent as a JSON number, at most 2 decimals (DESIGN.md §2). */
export const usdAmount = z
  .number({ error: messages.amountNumber })
  .finite(messages.amountNumber)
  .refine(hasAtMostTwoDecimals, messages.amountDecimals)
  .refine((v) => Math.abs(v) <= MAX_AMOUNT_USD, messages.amountTooLarge);

// usdAmount refuses any amount that is not 0 but rounds to 0 cents, so > 0 means at least 1 cent.
export const positiveUsdAmount = usdAmount.refine((v) => v > 0, messages.amountPositive);
export const nonNegativeUsdAmount = usdAmount.refine((v) => v >= 0, messages.amountNegative);

/** A price change in percent: from -90 % (a tenth of the price is left) to +1000 % (eleven times it). */
export const PERCENT_CHANGE_MIN = -90;
export const PERCENT_CHANGE_MAX = 1000;

/**
 * A percentage sent as a JSON number, at most 2 decimals (12.5, -5, 0.25), within
 * [PERCENT_CHANGE_MIN, PERCENT_CHANGE_MAX]: a typo such as -100 or 10000 would wipe a catalogue's
 * prices or multiply them, and no shop means that by one change.
 */
export const percentChange = z
  .number({ error: messages.percentNumber })
  .finite(messages.percentNumber)
  .refine(hasAtMostTwoDecimals, messages.percentDecimals)
  .refine((v) => v >= PERCENT_CHANGE_MIN && v <= PERCENT_CHANGE_MAX, messages.percentRange);

/**
 * `cents` raised or lowered by `percent` (at most 2 decimals), rounded half up to the cent:
 * 999 at +15 % is 1148.85 → 1149, 999 at -5 % is 949.05 → 949. Integer arithmetic in
 * hundredths of a percent, so no float touches the money; the server writes this and the web
 * previews it, so both say the same cent. `cents` ≥ 0 and the factor ≥ 10 % keep the numerator
 * non-negative, where bigint division (truncation) after adding half the divisor is half up.
 */
export function applyPercentCents(cents: bigint, percent: number): bigint {
  if (cents < 0n) throw new RangeError('A negative price');
  const factor = 10_000n + BigInt(Math.round(percent * 100));
  if (factor < 0n) throw new RangeError('A change below -100 %');
  return (cents * factor + 5_000n) / 10_000n;
}

export function toCents(usd: number): bigint {
  return BigInt(Math.round(usd * 100));
}

export function fromCents(cents: bigint | number): number {
  return Number(cents) / 100;
}

/**
 * Money in the server's English messages ("$10.00", never "$10"): amount × rate with exactly 2
 * decimals and no grouping, as DESIGN.md §7 wants every amount shown. The one formatter for
 * every message that names an amount. `rateToUSD` is how many units of the currency one USD buys.
 */
export function formatAmount(usd: number, rateToUSD = 1, symbol = '$'): string {
  const cents = Math.round(usd * rateToUSD * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}${symbol}${whole}.${fraction}`;
}
