import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { catalogueMessages } from '@keymarket/contracts/catalogue';
import { translateFieldError } from '@/lib/translate-error';

type CatalogueMessageKey = keyof typeof catalogueMessages;

const keyByText = new Map<string, CatalogueMessageKey>(
  Object.entries(catalogueMessages).map(([key, text]) => [text, key as CatalogueMessageKey]),
);

/**
 * A catalogue form field's error in the user's language: the catalogue contract's own texts
 * (names, prices, stock) from this namespace, everything else (amounts, the server's refusals)
 * through the shared translation.
 */
export function translateCatalogueIssue(
  error: FieldError | undefined,
  t: TFunction<'catalogue'>,
  tCore: TFunction,
): string | undefined {
  if (!error) return undefined;
  const key = error.message ? keyByText.get(error.message) : undefined;
  if (key) return t(`issues.${key}`);
  // The server words a price under the initial price with the amounts; the rule is the one the
  // specification names.
  if (error.type === 'price_below_cost') return tCore('messages.sellingBelowCost');
  return translateFieldError(error, tCore);
}
