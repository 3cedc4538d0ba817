import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updateThresholdsSchema } from '@keymarket/contracts/balance';
import {
  banCountrySchema,
  createAlertSchema,
  createCurrencySchema,
  faqInputSchema,
  MUSIC_MAX_BYTES,
  updateSocialLinksSchema,
} from '@keymarket/contracts/settings';
import { updateSystemSettingsSchema } from '@keymarket/contracts/system-settings';
import { i18n } from '@/lib/i18n';
import { musicFileSchema } from './music-section';
import { translateSettingsIssue } from './settings-issues';

/** Bad input for every rule of every settings form: each problem the contract can name. */
const refusals: [z.ZodType, unknown][] = [
  [createCurrencySchema, { code: 'eu', symbol: '', rateToUSD: 'x' }],
  [createCurrencySchema, { code: 3, symbol: 'TOOLONG', rateToUSD: 0 }],
  [createCurrencySchema, { code: 'EUR', symbol: 3, rateToUSD: 2_000_000 }],
  [createCurrencySchema, { code: 'EUR', symbol: '€', rateToUSD: 0.1234567 }],
  [createAlertSchema, { messageEn: '', messageFr: 'x'.repeat(501), messageAr: 1, severity: 'x' }],
  [faqInputSchema, { questionEn: ' ', questionFr: 'x'.repeat(301), answerAr: 'x'.repeat(5001) }],
  [
    updateSocialLinksSchema,
    { links: { facebook: 'facebook.com', x: `https://x.com/${'a'.repeat(500)}` } },
  ],
  [banCountrySchema, { countryCode: 'XX' }],
  [banCountrySchema, { countryCode: 7 }],
  [
    updateSystemSettingsSchema,
    { siteName: '', defaultLanguage: 'de', supportContact: 'x'.repeat(201) },
  ],
  [updateSystemSettingsSchema, { siteName: 'x'.repeat(81), supportContact: 5 }],
  [updateThresholdsSchema, { minProfitToConvert: -1.234 }],
  [updateThresholdsSchema, { minProfitToConvert: 'ten' }],
  [musicFileSchema, { music: 'not a file' }],
  [musicFileSchema, { music: new File(['x'], 'notes.txt', { type: 'text/plain' }) }],
];

function bigAudioFile() {
  const file = new File(['ID3'], 'track.mp3', { type: 'audio/mpeg' });
  Object.defineProperty(file, 'size', { value: MUSIC_MAX_BYTES + 1 });
  return file;
}
refusals.push([musicFileSchema, { music: bigAudioFile() }]);

describe('settings field errors', () => {
  it('translates every problem the settings contract can report on a form field', async () => {
    await i18n.loadNamespaces('settings');
    const t = i18n.getFixedT('en', 'settings');
    const tCore = i18n.getFixedT('en');
    const english = i18n.getResourceBundle('en', 'translation') as {
      form: { issues: Record<string, string> };
    };
    const generic = Object.values(english.form.issues);

    const untranslated = refusals.flatMap(([schema, input]) => {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      return (result.error?.issues ?? []).flatMap((issue) => {
        const shown = translateSettingsIssue(
          { type: issue.code, message: issue.message },
          t,
          tCore,
        );
        return shown !== undefined && generic.includes(shown) ? [issue.message] : [];
      });
    });

    expect(untranslated).toEqual([]);
  });

  it('says the rule, with its limit, for required and too long texts', async () => {
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces('settings');
    const t = i18n.getFixedT('fr', 'settings');
    const tCore = i18n.getFixedT('fr');

    expect(
      translateSettingsIssue(
        { type: 'too_small', message: 'Arabic question is required' },
        t,
        tCore,
      ),
    ).toBe('Ce champ est obligatoire');
    expect(
      translateSettingsIssue(
        { type: 'too_big', message: 'English answer cannot exceed 5000 characters' },
        t,
        tCore,
      ),
    ).toBe('5000 caractères au maximum');
  });
});
