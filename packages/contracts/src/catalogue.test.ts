import { describe, expect, it } from 'vitest';
import { catalogueMessages, productPatchSchema } from './catalogue';
import { messages } from './messages';

const firstIssue = (input: Record<string, unknown>) =>
  productPatchSchema.safeParse(input).error?.issues[0]?.message;

describe("a product form's numbers", () => {
  it('reads the text a form sends: digits, a sign, decimals, spaces around', () => {
    expect(
      productPatchSchema.parse({ managerPrice: '12.50', resellerPrice: ' 7 ', initialPrice: '.5' }),
    ).toEqual({ managerPrice: 12.5, resellerPrice: 7, initialPrice: 0.5 });
    expect(productPatchSchema.parse({ stockQuantity: '30', lowStockThreshold: '5' })).toEqual({
      stockQuantity: 30,
      lowStockThreshold: 5,
    });
  });

  it('refuses what is a number only to JavaScript: hex, binary, octal, exponents, Infinity', () => {
    for (const text of ['0x1A', '0b11', '0o7', '1e1', 'Infinity', '1 000', '.', '-']) {
      expect(firstIssue({ managerPrice: text }), text).toBe(messages.amountNumber);
      expect(firstIssue({ stockQuantity: text }), text).toBe(catalogueMessages.stockWhole);
      expect(firstIssue({ lowStockThreshold: text }), text).toBe(catalogueMessages.thresholdWhole);
    }
  });
});
