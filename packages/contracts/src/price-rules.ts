import { z } from './zod';
import { hasAtMostTwoDecimals } from './money';

/**
 * Standing price rules (docs/adr/0071-standing-price-rules.md). A manager or reseller sets what
 * its invitees pay as its own cost plus a percentage, for one category or for every product,
 * products added later included. A manager package assigned to the invitee, then the seller's
 * hand-set price for the product, come first; the category's rule beats the everything rule;
 * and no price falls below the seller's own cost.
 */

/** Where a seller's price to its invitees comes from (a product's `sellingPriceSource`). */
export const sellingPriceSources = ['hand_set', 'rule', 'default'] as const;
export type SellingPriceSourceName = (typeof sellingPriceSources)[number];

/** 1,000 %: eleven times the cost, far above any shop's margin, so a typo cannot go further. */
export const MARKUP_PERCENT_MAX = 1000;

/** The rule form's own texts; the web translates them (its `priceRules` namespace, `issues`). */
export const priceRuleMessages = {
  markupNumber: 'The markup must be a number',
  markupDecimals: 'The markup must have at most 2 decimals',
  markupRange: 'The markup must be between 0 and 1000 %',
  categoryChoice: 'Choose a category, or every product',
} as const;

/** A markup in percent, 0 to 1000 with at most 2 decimals (12.5, 0.25). */
export const markupPercent = z
  .number({ error: priceRuleMessages.markupNumber })
  .finite(priceRuleMessages.markupNumber)
  .refine(hasAtMostTwoDecimals, priceRuleMessages.markupDecimals)
  .refine((v) => v >= 0 && v <= MARKUP_PERCENT_MAX, priceRuleMessages.markupRange);

/** `markupPercent` in basis points (hundredths of a percent), as the server stores it. */
export const markupBasisPointsOf = (percent: number) => Math.round(percent * 100);

/**
 * PUT /price-rules: the caller's rule for a category (null: every product), created or replaced
 * (one rule per category).
 */
export const setPriceRuleSchema = z.strictObject({
  categoryId: z.uuid(priceRuleMessages.categoryChoice).nullable(),
  markupPercent,
});
export type SetPriceRuleInput = z.input<typeof setPriceRuleSchema>;

export const priceRuleSchema = z.object({
  id: z.uuid(),
  /** Null: the everything rule, for the products no category rule covers. */
  categoryId: z.uuid().nullable(),
  markupPercent: z.number(),
  updatedAt: z.iso.datetime(),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

/** GET /price-rules: the caller's rules, the everything rule first. */
export const priceRuleListSchema = z.object({ data: z.array(priceRuleSchema) });
export type PriceRuleList = z.infer<typeof priceRuleListSchema>;

export const priceRuleParams = z.object({ id: z.uuid('Price rule not found') });
