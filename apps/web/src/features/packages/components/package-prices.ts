import type { TFunction } from 'i18next';
import { nonNegativeUsdAmount, toCents } from '@keymarket/contracts/money';
import { ApiError } from '@/lib/api-error';
import { translateFieldError } from '@/lib/translate-error';
import { parseUsdInput, usdInputText } from '@/lib/usd-input';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import type { PackagePrices } from '../api/packages';

export type PriceField = 'managerPrice' | 'resellerPrice';
export type PriceTexts = Record<PriceField, string>;
export type PriceErrors = Partial<Record<PriceField, string>>;

/** An admin package prices managers and resellers; a manager's package its resellers only. */
export const priceFieldsOf = (kind: PackageKind): PriceField[] =>
  kind === 'admin' ? ['managerPrice', 'resellerPrice'] : ['resellerPrice'];

export const priceTextsOf = (prices: Partial<PackagePrices>): PriceTexts => ({
  managerPrice: usdInputText(prices.managerPrice),
  resellerPrice: usdInputText(prices.resellerPrice),
});

/**
 * The typed prices as numbers, or the problem of each field: blank, not an amount, or under
 * `floorUsd` (a product's initial price for an admin, the manager's own cost) when it is known.
 */
export function readPrices(
  kind: PackageKind,
  texts: PriceTexts,
  floorUsd: number | undefined,
  t: TFunction<'pricing'>,
  tCore: TFunction,
): { prices: PackagePrices } | { errors: PriceErrors } {
  const errors: PriceErrors = {};
  const prices: Partial<PackagePrices> = {};
  for (const field of priceFieldsOf(kind)) {
    const value = parseUsdInput(texts[field]);
    if (value === undefined) {
      errors[field] = t('edit.required');
      continue;
    }
    const parsed = nonNegativeUsdAmount.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      errors[field] = translateFieldError({ type: issue.code, message: issue.message }, tCore);
    } else if (floorUsd !== undefined && toCents(parsed.data) < toCents(floorUsd)) {
      errors[field] = floorMessage(kind, t, tCore);
    } else {
      prices[field] = parsed.data;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { prices: { ...prices, resellerPrice: prices.resellerPrice! } };
}

/** Why a price was refused as too low, in the user's language. */
export const floorMessage = (kind: PackageKind, t: TFunction<'pricing'>, tCore: TFunction) =>
  kind === 'admin' ? t('packages.belowInitial') : tCore('messages.sellingBelowCost');

/**
 * The price fields a refusal names, by the index of the product in the request (`null` for a
 * single product's price, whose paths carry no index). `productId` means the product is gone.
 */
export function refusedPriceFields(
  error: unknown,
): { index: number | null; field: PriceField | 'productId' }[] {
  if (!(error instanceof ApiError)) return [];
  return (error.body.details ?? []).flatMap((detail) => {
    const match = /^body(?:\.products\.(\d+))?\.(managerPrice|resellerPrice|productId)$/.exec(
      detail.path,
    );
    if (!match) return [];
    return [
      {
        index: match[1] === undefined ? null : Number(match[1]),
        field: match[2] as PriceField | 'productId',
      },
    ];
  });
}
