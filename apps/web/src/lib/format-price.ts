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

const signs = new Map<string, { minus: string; plus: string }>();

/**
 * The reader's language's own signs, as Intl.NumberFormat writes them: "-" in English and
 * French, "\u200e-" in Arabic (a left-to-right mark keeps the sign before the amount).
 */
function signsOf(language: string): { minus: string; plus: string } {
  let found = signs.get(language);
  if (found === undefined) {
    const format = new Intl.NumberFormat(`${language}-u-nu-latn`, { signDisplay: 'exceptZero' });
    const signOf = (value: number) =>
      format
        .formatToParts(value)
        .filter((part) => part.type !== 'integer')
        .map((part) => part.value)
        .join('');
    found = { minus: signOf(-1), plus: signOf(1) };
    signs.set(language, found);
  }
  return found;
}

/**
 * An amount as DESIGN §7 wants it: amount × rate, exactly 2 decimals ("$2.30"), the reader's
 * decimal separator, no grouping. A symbol made of letters (a code such as "DA", or Arabic
 * letters) is set apart from the digits by a no-break space, so it is never glued to a digit of
 * another script; "$" and "€" stay glued as usual. A negative amount takes the language's minus
 * sign before the whole amount ("-$88.79", never "$-88.79"); `signed` also writes a positive
 * one's plus sign ("+$1.50"), for changes and movements.
 */
export function formatMoney(
  usd: number,
  { symbol, rateToUSD }: Pick<DisplayCurrency, 'symbol' | 'rateToUSD'>,
  language: string,
  { signed = false }: { signed?: boolean } = {},
): string {
  const cents = Math.round(usd * rateToUSD * 100);
  const whole = Math.trunc(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const digits = `${whole}${decimalSeparatorOf(language)}${fraction}`;
  const amount = /\p{L}/u.test(symbol) ? `${symbol}\u00a0${digits}` : `${symbol}${digits}`;
  if (cents < 0) return `${signsOf(language).minus}${amount}`;
  return signed && cents > 0 ? `${signsOf(language).plus}${amount}` : amount;
}

/** A USD amount whatever the navbar's currency, for the screens that set prices. */
export function formatUsdAmount(
  usd: number,
  language: string = i18n.language,
  options?: { signed?: boolean },
): string {
  return formatMoney(usd, USD, language, options);
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
