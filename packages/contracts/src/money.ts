import { z } from './zod';
import { messages } from './messages';

/** Largest amount accepted in one operation: 10 million USD, far below bigint limits. */
export const MAX_AMOUNT_USD = 10_000_000;

/** True when `value` has at most two decimals (checked on cents to dodge float noise). */
function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A USD amount sent as a JSON number, at most 2 decimals (DESIGN.md §2). */
export const usdAmount = z
  .number({ error: messages.amountNumber })
  .finite(messages.amountNumber)
  .refine(hasAtMostTwoDecimals, messages.amountDecimals)
  .refine((v) => Math.abs(v) <= MAX_AMOUNT_USD, messages.amountTooLarge);

export const positiveUsdAmount = usdAmount.refine((v) => v > 0, messages.amountPositive);
export const nonNegativeUsdAmount = usdAmount.refine((v) => v >= 0, messages.amountNegative);

export function toCents(usd: number): bigint {
  return BigInt(Math.round(usd * 100));
}

export function fromCents(cents: bigint | number): number {
  return Number(cents) / 100;
}

/**
 * Display form: amount × rate, at most 2 decimals, no grouping (specification §9).
 * `rateToUSD` is how many units of the currency one USD buys.
 */
export function formatAmount(usd: number, rateToUSD = 1, symbol = '$'): string {
  const converted = Math.round(usd * rateToUSD * 100) / 100;
  return `${symbol}${converted
    .toFixed(2)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1')}`;
}
