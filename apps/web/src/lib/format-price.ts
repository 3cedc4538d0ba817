import { formatAmount } from '@keymarket/contracts/money';

/**
 * Every price and balance on the shop, orders and profit screens goes through here, so the
 * currency selector (a later issue) changes one function instead of every screen. USD for now.
 */
export function formatPrice(usd: number): string {
  return formatAmount(usd);
}
