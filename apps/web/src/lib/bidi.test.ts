import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';
import { i18n } from './i18n';

describe('isolate', () => {
  it('wraps a value in a first-strong isolate inside right-to-left text', () => {
    expect(isolate('$15', 'rtl')).toBe('\u2068$15\u2069');
  });

  it('leaves left-to-right text as it is', () => {
    expect(isolate('$15', 'ltr')).toBe('$15');
  });
});

describe('translated sentences', () => {
  it('isolates every interpolated value in Arabic but a plain count, and none in English', async () => {
    expect(i18n.t('shop.buyDialog.title', { name: 'Steam 20 USD' })).toBe('Buy Steam 20 USD');
    await i18n.changeLanguage('ar');
    expect(i18n.t('shop.buyDialog.title', { name: 'Steam 20 USD' })).toContain(
      '\u2068Steam 20 USD\u2069',
    );
    expect(i18n.t('shop.buyDialog.onlyInStock', { count: 3 })).not.toContain('\u2068');
  });
});
