import type { BulkPriceMode, Product } from '@keymarket/contracts/catalogue';
import { applyPercentCents, fromCents, toCents } from '@keymarket/contracts/money';

export type AmountField = 'managerPrice' | 'resellerPrice';

/** A bulk change as the form holds it: the mode, and each price's change in that mode's unit. */
export type Change = { mode: BulkPriceMode } & Partial<Record<AmountField, number>>;

/** The fields a change moves (a blank or 0 field moves nothing, and is left out). */
export const changedFields = (change: Change): AmountField[] =>
  (['managerPrice', 'resellerPrice'] as const).filter((field) => Boolean(change[field]));

/** The price a field changes, as the caller sees it: a seller's `resellerPrice` is its selling price. */
export function currentPrice(
  product: Product,
  field: AmountField,
  isAdmin: boolean,
): number | undefined {
  if (field === 'managerPrice') return product.managerPrice;
  return isAdmin ? product.resellerPrice : product.sellingPrice;
}

/**
 * A price after `change` of `field`, in cents as the server computes it (an amount added, or a
 * percentage rounded half up to the cent by the contract's `applyPercentCents`), so the preview
 * shows the very cent the server will write. Undefined where the caller has no such price.
 */
export function newPrice(
  product: Product,
  field: AmountField,
  change: Change,
  isAdmin: boolean,
): number | undefined {
  const from = currentPrice(product, field, isAdmin);
  const by = change[field];
  if (from === undefined) return undefined;
  if (!by) return from;
  const cents = toCents(from);
  if (change.mode === 'amount') return fromCents(cents + toCents(by));
  // A percentage of a negative price cannot come from the server's prices, which are ≥ 0.
  return cents < 0n ? from : fromCents(applyPercentCents(cents, by));
}

/**
 * The lowest a field may go for this caller, as the server's rules say: an administrator's
 * prices never below the product's initial price, a seller's selling price never below what it
 * pays (`price`).
 */
export function floorOf(product: Product, isAdmin: boolean): number {
  return isAdmin ? (product.initialPrice ?? 0) : product.price;
}

/** One product the server would refuse, with each field that would fall below its floor. */
export type Refusal = { product: Product; fields: AmountField[]; floor: number };

/** The products whose changed prices would fall below their floor: the server refuses them. */
export function refusalsOf(
  change: Change,
  products: readonly Product[],
  isAdmin: boolean,
): Refusal[] {
  const fields = changedFields(change);
  return products.flatMap((product) => {
    const floor = floorOf(product, isAdmin);
    const below = fields.filter(
      (field) => (newPrice(product, field, change, isAdmin) ?? floor) < floor,
    );
    return below.length > 0 ? [{ product, fields: below, floor }] : [];
  });
}
