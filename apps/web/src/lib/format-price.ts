import { formatAmount } from '@keymarket/contracts/money';
import { displayCurrency } from './display-currency';

/**
 * Every displayed amount goes through here: the USD amount converted to the currency chosen in
 * the navbar (amount × rateToUSD, at most 2 decimals, no grouping), with that currency's symbol.
 * A plain function, so any screen can call it; the area layout re-renders the page when the
 * currency changes (app/layouts/area-layout.tsx). Amounts typed in forms stay in USD.
 */
export function formatPrice(usd: number): string {
  const { rateToUSD, symbol } = displayCurrency();
  return formatAmount(usd, rateToUSD, symbol);
}
