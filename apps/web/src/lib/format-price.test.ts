import { describe, expect, it } from 'vitest';
import {
  chooseDisplayCurrency,
  displayCurrency,
  reconcileDisplayCurrency,
} from './display-currency';
import { formatPrice } from './format-price';

const USD = { code: 'USD', symbol: '$', rateToUSD: 1 };
const EUR = { code: 'EUR', symbol: '€', rateToUSD: 0.926 };
const JPY = { code: 'JPY', symbol: '¥', rateToUSD: 150 };

describe('formatPrice', () => {
  it('shows USD until a currency is chosen, with at most 2 decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.5');
    expect(formatPrice(10)).toBe('$10');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.3');
  });

  it('converts with the chosen currency’s rate and symbol, rounded to cents', () => {
    chooseDisplayCurrency(EUR);

    expect(formatPrice(10)).toBe('€9.26');
    // 19.99 × 0.926 = 18.51074
    expect(formatPrice(19.99)).toBe('€18.51');
    // 1.25 × 0.926 = 1.1575: half a cent rounds up
    expect(formatPrice(1.25)).toBe('€1.16');
    expect(formatPrice(0)).toBe('€0');
  });

  it('never groups digits, however large the amount', () => {
    chooseDisplayCurrency(JPY);

    expect(formatPrice(12345.67)).toBe('¥1851850.5');
  });

  it('remembers the choice in local storage', () => {
    chooseDisplayCurrency(EUR);

    expect(JSON.parse(window.localStorage.getItem('display-currency')!)).toEqual(EUR);
  });

  it('falls back to USD on a damaged stored choice', () => {
    window.localStorage.setItem('display-currency', '{"code":"EUR","symbol":"€"');
    expect(formatPrice(5)).toBe('$5');
    window.localStorage.setItem('display-currency', '{"code":"EUR","symbol":"€","rateToUSD":-1}');
    expect(formatPrice(5)).toBe('$5');
  });
});

describe('reconcileDisplayCurrency', () => {
  it('takes a new rate of the chosen currency', () => {
    chooseDisplayCurrency(EUR);

    reconcileDisplayCurrency([USD, { ...EUR, rateToUSD: 0.9 }]);

    expect(displayCurrency()).toEqual({ ...EUR, rateToUSD: 0.9 });
    expect(formatPrice(10)).toBe('€9');
  });

  it('falls back to USD when the chosen currency was deleted', () => {
    chooseDisplayCurrency(JPY);

    reconcileDisplayCurrency([USD, EUR]);

    expect(displayCurrency()).toEqual(USD);
  });
});
