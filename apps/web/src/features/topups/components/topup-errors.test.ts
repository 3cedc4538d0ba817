import { describe, expect, it } from 'vitest';
import { errorTypes } from '@keymarket/contracts/errors';
import { topupMessages, topupMessageTemplates } from '@keymarket/contracts/topups';
import { ApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { describeApiError, translateFieldError } from '@/lib/translate-error';

/** Each text the top-up routes answer, as the server words it, with the values it carries. */
const answered: { key: string; text: string; values: string[] }[] = [
  ...Object.entries(topupMessages).map(([key, text]) => ({ key, text, values: [] })),
  {
    key: 'topupAmountRange',
    text: topupMessageTemplates.topupAmountRange.text({
      min: '5.00',
      max: '50.00',
      currency: 'EUR',
    }),
    values: ['5.00', '50.00', 'EUR'],
  },
  {
    key: 'topupUnknownCurrency',
    text: topupMessageTemplates.topupUnknownCurrency.text({ currency: 'XAU' }),
    values: ['XAU'],
  },
  {
    key: 'topupBalanceTooLow',
    text: topupMessageTemplates.topupBalanceTooLow.text({ amount: '$20.00' }),
    values: ['$20.00'],
  },
];

const refusal = (text: string) =>
  new ApiError(409, { statusCode: 409, message: { type: 'conflict', text } });

describe('top-up error texts', () => {
  it('cover every template the contracts word top-up refusals with', () => {
    const covered = answered.map(({ key }) => key);
    expect(covered).toEqual(expect.arrayContaining(Object.keys(topupMessageTemplates)));
  });

  it.each(['en', 'fr', 'ar'])('read in %s, as alerts and under fields', async (language) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('area');
    const genericTexts = new Set(errorTypes.map((type) => i18n.t(`errors.${type}`)));
    for (const { key, text, values } of answered) {
      const shown = describeApiError(refusal(text), i18n.t);
      expect({ key, found: i18n.exists(`area:messages.${key}`) }).toEqual({ key, found: true });
      expect({ key, generic: genericTexts.has(shown) }).toEqual({ key, generic: false });
      // English reads as the server words it; the others never do.
      if (language === 'en') expect({ key, shown }).toEqual({ key, shown: text });
      else expect({ key, shown }).not.toEqual({ key, shown: text });
      for (const value of values)
        expect({ key, shown }).toEqual({ key, shown: expect.stringContaining(value) as string });
      expect(translateFieldError({ type: 'custom', message: text }, i18n.t)).toBe(shown);
    }
  });
});
