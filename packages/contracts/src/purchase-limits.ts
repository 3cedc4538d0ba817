import { z } from './zod';
import { usdAmount } from './money';

/**
 * Purchase limits (docs/adr/0062-purchase-limits.md). A buyer's: a daily spending cap in USD and
 * the most units in one order, set by its inviter or an administrator. A product's: the most
 * units in one order and per buyer in a day, set by an administrator. A day is a UTC day: the
 * daily limits reset at 00:00 UTC.
 */

/** Which limit refused an order (`limit_exceeded`). */
export const purchaseLimitNames = [
  /** The buyer's daily spending cap (USD). */
  'daily_spend',
  /** The buyer's most units in one order. */
  'order_quantity',
  /** The product's most units in one order. */
  'product_order_quantity',
  /** The product's most units per buyer in a day. */
  'product_daily_quantity',
] as const;
export type PurchaseLimitName = (typeof purchaseLimitNames)[number];

/**
 * The limit a refused order met, in the `limit_exceeded` envelope's `message.limit`: its value
 * and what the buyer already used of it today (USD for `daily_spend`, else units), and when it
 * resets (the next 00:00 UTC; null for a limit on each order, which never resets).
 */
export const exceededLimitSchema = z.object({
  name: z.enum(purchaseLimitNames),
  max: z.number(),
  used: z.number(),
  resetsAt: z.iso.datetime().nullable(),
});
export type ExceededLimit = z.infer<typeof exceededLimitSchema>;

/** The limit forms' own texts; the web translates them (its `limits` namespace, `issues`). */
export const limitMessages = {
  quantityWhole: 'The quantity limit must be a whole number',
  quantityMin: 'The quantity limit must be at least 1',
  quantityMax: 'The quantity limit cannot exceed 100000',
  capNegative: 'The daily spending cap cannot be negative',
} as const;

/** The largest quantity limit: far above any order (ORDER_QUANTITY_MAX in orders.ts). */
const LIMIT_QUANTITY_MAX = 100_000;
const limitQuantity = z
  .number({ error: limitMessages.quantityWhole })
  .int(limitMessages.quantityWhole)
  .min(1, limitMessages.quantityMin)
  .max(LIMIT_QUANTITY_MAX, limitMessages.quantityMax);

/**
 * PUT /users/{id}/limits: an invitee's limits, set by its inviter (or an administrator for
 * anyone). Null removes a limit; both are sent each time.
 */
export const setUserLimitsSchema = z.strictObject({
  dailySpendCap: usdAmount.refine((v) => v >= 0, limitMessages.capNegative).nullable(),
  maxOrderQuantity: limitQuantity.nullable(),
});
export type SetUserLimitsInput = z.input<typeof setUserLimitsSchema>;

/** A user's limits as read back on it, with what it spent since 00:00 UTC. */
export const userLimitsSchema = z.object({
  dailySpendCap: z.number().nullable(),
  maxOrderQuantity: z.number().int().nullable(),
  spentToday: z.number(),
});
export type UserLimits = z.infer<typeof userLimitsSchema>;

/** A product's limits (admins set them with the product). */
export const productLimitFields = {
  maxOrderQuantity: limitQuantity.nullable(),
  maxDailyQuantity: limitQuantity.nullable(),
};

/** GET /users/me/limits: `productId` adds that product's limits and what is left of them. */
export const myLimitsQuerySchema = z.object({ productId: z.uuid('Choose a product').optional() });

/**
 * The caller's allowance now. `quantityLeft` is the most units one order may hold under every
 * quantity limit that applies (null: none), `quantityLeftToday` the part of it that is a daily
 * allowance ("3 left today"), `spendLeftToday` what the cap still allows (USD).
 */
export const myLimitsSchema = z.object({
  dailySpendCap: z.number().nullable(),
  spentToday: z.number(),
  spendLeftToday: z.number().nullable(),
  maxOrderQuantity: z.number().int().nullable(),
  product: z
    .object({
      id: z.uuid(),
      maxOrderQuantity: z.number().int().nullable(),
      maxDailyQuantity: z.number().int().nullable(),
      boughtToday: z.number().int(),
    })
    .nullable(),
  quantityLeft: z.number().int().nullable(),
  quantityLeftToday: z.number().int().nullable(),
  /** The next 00:00 UTC, when the daily limits start again. */
  resetsAt: z.iso.datetime(),
});
export type MyLimits = z.infer<typeof myLimitsSchema>;
