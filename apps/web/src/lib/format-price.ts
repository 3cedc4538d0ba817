import { formatAmount } from '@keymarket/contracts/money';
import { useCallback } from 'react';
import { displayCurrency, useDisplayCurrency } from './display-currency';

/**
 * The USD amount converted to the currency chosen in the navbar (amount × rateToUSD, at most 2
 * decimals, no grouping), with that currency's symbol. Amounts typed in forms stay in USD.
 * Outside React only: a component formats through useFormatPrice, which re-renders it when the
 * currency changes.
 */
export function formatPrice(usd: number): string {
  const { rateToUSD, symbol } = displayCurrency();
  return formatAmount(usd, rateToUSD, symbol);
}

/**
 * formatPrice for a component: the component re-renders with the new currency when the navbar's
 * choice changes, and keeps its state (a half-filled form stays as it was).
 */
export function useFormatPrice(): (usd: number) => string {
  const { rateToUSD, symbol } = useDisplayCurrency();
  return useCallback((usd: number) => formatAmount(usd, rateToUSD, symbol), [rateToUSD, symbol]);
}
