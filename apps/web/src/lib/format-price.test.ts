import { describe, expect, it } from 'vitest';
import {
  chooseDisplayCurrency,
  displayCurrency,
  reconcileDisplayCurrency,
} from './display-currency';
import { formatMoney, formatPrice } from './format-price';

const USD = { code: 'USD', symbol: '$', rateToUSD: 1 };
const EUR = { code: 'EUR', symbol: '€', rateToUSD: 0.926 };
const JPY = { code: 'JPY', symbol: '¥', rateToUSD: 150 };

describe('formatPrice', () => {
  it('shows USD until a currency is chosen, always with exactly 2 decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(10)).toBe('$10.00');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
    expect(formatPrice(2.3)).toBe('$2.30');
  });

  it('uses the reader’s decimal separator, with Latin digits in Arabic', () => {
    expect(formatMoney(1345.678, USD, 'fr')).toBe('$1345,68');
    expect(formatMoney(1345.678, USD, 'ar')).toBe('$1345.68');
  });

  it('writes a negative amount with the language’s own minus sign before the whole amount', () => {
    expect(formatMoney(-0.5, USD, 'en')).toBe('-$0.50');
    expect(formatMoney(-88.79, USD, 'fr')).toBe('-$88,79');
    // Intl writes Arabic's sign after a left-to-right mark, which keeps it before the amount.
    expect(formatMoney(-88.79, USD, 'ar')).toBe('\u200e-$88.79');
    expect(formatMoney(-10, { symbol: 'DA', rateToUSD: 134.568 }, 'en')).toBe('-DA\u00a01345.68');
    expect(formatMoney(1.5, USD, 'en', { signed: true })).toBe('+$1.50');
    expect(formatMoney(-1.5, USD, 'en', { signed: true })).toBe('-$1.50');
    expect(formatMoney(0, USD, 'en', { signed: true })).toBe('$0.00');
  });

  it('sets a symbol made of letters apart from the digits', () => {
    expect(formatMoney(10, { symbol: 'DA', rateToUSD: 134.568 }, 'en')).toBe('DA\u00a01345.68');
    expect(formatMoney(10, { symbol: 'د.ج', rateToUSD: 134.568 }, 'ar')).toBe('د.ج\u00a01345.68');
  });

  it('converts with the chosen currency’s rate and symbol, rounded to cents', () => {
    chooseDisplayCurrency(EUR);

    expect(formatPrice(10)).toBe('€9.26');
    // 19.99 × 0.926 = 18.51074
    expect(formatPrice(19.99)).toBe('€18.51');
    // 1.25 × 0.926 = 1.1575: half a cent rounds up
    expect(formatPrice(1.25)).toBe('€1.16');
    expect(formatPrice(0)).toBe('€0.00');
  });

  it('never groups digits, however large the amount', () => {
    chooseDisplayCurrency(JPY);

    expect(formatPrice(12345.67)).toBe('¥1851850.50');
  });

  it('remembers the choice in local storage', () => {
    chooseDisplayCurrency(EUR);

    expect(JSON.parse(window.localStorage.getItem('display-currency')!)).toEqual(EUR);
  });

  it('falls back to USD on a damaged stored choice', () => {
    window.localStorage.setItem('display-currency', '{"code":"EUR","symbol":"€"');
    expect(formatPrice(5)).toBe('$5.00');
    window.localStorage.setItem('display-currency', '{"code":"EUR","symbol":"€","rateToUSD":-1}');
    expect(formatPrice(5)).toBe('$5.00');
  });
});

describe('reconcileDisplayCurrency', () => {
  it('takes a new rate of the chosen currency', () => {
    chooseDisplayCurrency(EUR);

    reconcileDisplayCurrency([USD, { ...EUR, rateToUSD: 0.9 }]);

    expect(displayCurrency()).toEqual({ ...EUR, rateToUSD: 0.9 });
    expect(formatPrice(10)).toBe('€9.00');
  });

  it('falls back to USD when the chosen currency was deleted', () => {
    chooseDisplayCurrency(JPY);

    reconcileDisplayCurrency([USD, EUR]);

    expect(displayCurrency()).toEqual(USD);
  });
});
