import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageKeyOf, messageTemplateOf } from '@keymarket/contracts/messages';
import {
  createTopupSchema,
  topupMessages,
  topupMessageTemplates,
  topupMethodInputSchema,
} from '@keymarket/contracts/topups';

const here = path.dirname(fileURLToPath(import.meta.url));
const topupsModule = path.join(here, '../src/modules/topups');

/**
 * The web translates an error by finding its text in the contracts' catalogue
 * (`@keymarket/contracts/messages`, which takes in `topup-messages.ts`): every refusal of the
 * top-up routes must be worded from it, or an Arabic reader sees the server's English.
 */
describe('top-up error texts', () => {
  // A request without a session ('unauthorized') is answered as every route's: the web signs the
  // reader in again rather than showing it.
  it('are worded from the catalogue, never as a literal in the module', () => {
    const literals = readdirSync(topupsModule)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const source = readFileSync(path.join(topupsModule, file), 'utf8');
        const found = source.match(
          /(new AppError\(\s*'(?!unauthorized')\w+',\s*[`'"]|validationError\(\s*'[\w.]+',\s*[`'"]|uploadSchema\(\s*[`'"])[^`'"]*/g,
        );
        return (found ?? []).map((literal) => `${file}: ${literal}`);
      });
    expect(literals).toEqual([]);
  });

  it('are all in the catalogue the web translates, templates read back with their values', () => {
    for (const [key, text] of Object.entries(topupMessages)) {
      expect({ text, key: messageKeyOf(text) }).toEqual({ text, key });
    }
    const range = topupMessageTemplates.topupAmountRange.text({
      min: '5.00',
      max: '1,000.00',
      currency: 'EUR',
    });
    expect(messageTemplateOf(range)).toEqual({
      key: 'topupAmountRange',
      values: { min: '5.00', max: '1,000.00', currency: 'EUR' },
    });
    const low = topupMessageTemplates.topupBalanceTooLow.text({ amount: '$20.00' });
    expect(messageTemplateOf(low)).toEqual({
      key: 'topupBalanceTooLow',
      values: { amount: '$20.00' },
    });
  });

  it('name the schemas’ refusals from the catalogue too', () => {
    const issues = [
      topupMethodInputSchema.safeParse({
        nameEn: '',
        nameFr: 'x'.repeat(81),
        nameAr: 1,
        instructionsEn: 2,
        kind: 'manual',
        currencyCode: 'eur',
        minAmount: 1,
        maxAmount: 2,
        feePercent: 20.001,
        feeFixed: 0,
        proofRequired: 'yes',
        enabled: true,
      }),
      createTopupSchema.safeParse({ methodId: 'nope', amount: ' ', reference: 3 }),
    ].flatMap((result) => result.error?.issues ?? []);
    expect(issues.length).toBeGreaterThanOrEqual(9);
    const unknown = issues.filter((issue) => messageKeyOf(issue.message) === undefined);
    expect(unknown.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
  });
});
