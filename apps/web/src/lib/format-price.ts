import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCurrency, useDisplayCurrency, type DisplayCurrency } from './display-currency';
import { i18n } from './i18n';

const USD: Pick<DisplayCurrency, 'symbol' | 'rateToUSD'> = { symbol: '$', rateToUSD: 1 };

const decimalSeparators = new Map<string, string>();

/** The reader's decimal separator ("," in French), with Latin digits in every language. */
function decimalSeparatorOf(language: string): string {
  let separator = decimalSeparators.get(language);
  if (separator === undefined) {
    const parts = new Intl.NumberFormat(`${language}-u-nu-latn`).formatToParts(1.5);
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(language, separator);
  }
  return separator;
}

/**
 * An amount as DESIGN §7 wants it: amount × rate, exactly 2 decimals ("$2.30"), the reader's
 * decimal separator, no grouping. A symbol made of letters (a code such as "DA", or Arabic
 * letters) is set apart from the digits by a no-break space, so it is never glued to a digit of
 * another script; "$" and "€" stay glued as usual.
 */
export function formatMoney(
  usd: number,
  { symbol, rateToUSD }: Pick<DisplayCurrency, 'symbol' | 'rateToUSD'>,
  language: string,
): string {
  const cents = Math.round(usd * rateToUSD * 100);
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const digits = `${cents < 0 ? '-' : ''}${whole}${decimalSeparatorOf(language)}${fraction}`;
  return /\p{L}/u.test(symbol) ? `${symbol}\u00a0${digits}` : `${symbol}${digits}`;
}

/** A USD amount whatever the navbar's currency, for the screens that set prices. */
export function formatUsdAmount(usd: number, language: string = i18n.language): string {
  return formatMoney(usd, USD, language);
}

/**
 * The USD amount converted to the currency chosen in the navbar, in the reader's language.
 * Outside React only: a component formats through useFormatPrice, which re-renders it when the
 * currency or the language changes.
 */
export function formatPrice(usd: number): string {
  return formatMoney(usd, displayCurrency(), i18n.language);
}

/**
 * formatPrice for a component: the component re-renders with the new currency when the navbar's
 * choice changes, and keeps its state (a half-filled form stays as it was).
 */
export function useFormatPrice(): (usd: number) => string {
  const currency = useDisplayCurrency();
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((usd: number) => formatMoney(usd, currency, language), [currency, language]);
}
