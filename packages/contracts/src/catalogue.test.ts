import { describe, expect, it } from 'vitest';
import { catalogueMessages, productFieldsSchema, productPatchSchema } from './catalogue';
import { messages } from './messages';

/** A product form as a browser sends it (multipart: every field is text). */
const formFields = (fields: Record<string, unknown>) => ({
  name: 'Steam 20',
  categoryId: '3f8b6a2e-4c1d-4e5f-9a7b-2c3d4e5f6a7b',
  deliveryType: 'request',
  initialPrice: '1',
  managerPrice: '2',
  resellerPrice: '3',
  ...fields,
});

const firstIssue = (input: Record<string, unknown>) =>
  productFieldsSchema.safeParse(formFields(input)).error?.issues[0]?.message;

describe("a product form's numbers", () => {
  it('reads the text a form sends: digits, a sign, decimals, spaces around', () => {
    expect(
      productFieldsSchema.parse(
        formFields({ managerPrice: '12.50', resellerPrice: ' 7 ', initialPrice: '.5' }),
      ),
    ).toMatchObject({ managerPrice: 12.5, resellerPrice: 7, initialPrice: 0.5 });
    expect(
      productFieldsSchema.parse(
        formFields({ stockQuantity: '30', lowStockThreshold: '5', isNew: 'true' }),
      ),
    ).toMatchObject({ stockQuantity: 30, lowStockThreshold: 5, isNew: true });
  });

  it('refuses what is a number only to JavaScript: hex, binary, octal, exponents, Infinity', () => {
    for (const text of ['0x1A', '0b11', '0o7', '1e1', 'Infinity', '1 000', '.', '-']) {
      expect(firstIssue({ managerPrice: text }), text).toBe(messages.amountNumber);
      expect(firstIssue({ stockQuantity: text }), text).toBe(catalogueMessages.stockWhole);
      expect(firstIssue({ lowStockThreshold: text }), text).toBe(catalogueMessages.thresholdWhole);
    }
  });
});

describe('a product PATCH, a JSON body', () => {
  it('takes numbers and booleans as JSON numbers and booleans', () => {
    expect(
      productPatchSchema.parse({
        initialPrice: 0.5,
        stockQuantity: 30,
        lowStockThreshold: null,
        isNew: true,
      }),
    ).toEqual({ initialPrice: 0.5, stockQuantity: 30, lowStockThreshold: null, isNew: true });
  });

  it('refuses them spelt as text, which only a form needs', () => {
    const refused = (input: Record<string, unknown>) =>
      productPatchSchema.safeParse(input).error?.issues[0]?.path;
    for (const text of ['.5', '5', ' 7 ', '5.', '-0']) {
      expect(refused({ initialPrice: text }), text).toEqual(['initialPrice']);
      expect(refused({ stockQuantity: text }), text).toEqual(['stockQuantity']);
      expect(refused({ lowStockThreshold: text }), text).toEqual(['lowStockThreshold']);
    }
    for (const text of ['true', 'false']) {
      expect(refused({ isNew: text }), text).toEqual(['isNew']);
      expect(refused({ allowBackorder: text }), text).toEqual(['allowBackorder']);
    }
    expect(productPatchSchema.safeParse({ initialPrice: '.5' }).error?.issues[0]?.message).toBe(
      messages.amountNumber,
    );
  });
});
