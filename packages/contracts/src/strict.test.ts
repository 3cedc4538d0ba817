import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth';
import { bulkUpdatePricesSchema, productFieldsSchema } from './catalogue';
import { messages } from './messages';
import { respondOrderSchema } from './orders';

const PRODUCT_ID = '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10';

describe('request schemas are strict (DESIGN.md §2)', () => {
  it('refuses unknown fields with the "Unknown field" text, listing each key', () => {
    const result = loginRequestSchema.safeParse({
      identifier: 'jane',
      password: 'secret',
      remember: true,
      role: 'admin',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'unrecognized_keys',
        keys: ['remember', 'role'],
        message: messages.unknownField,
      }),
    ]);
  });

  it('refuses them inside nested rows and in each branch of a union', () => {
    const bulk = bulkUpdatePricesSchema.safeParse({
      products: [{ productId: PRODUCT_ID, resellerPrice: 1, price: 2 }],
    });
    expect(bulk.error?.issues[0]).toMatchObject({ path: ['products', 0], keys: ['price'] });
    const respond = respondOrderSchema.safeParse({ status: 'rejected', reason: 'No', keys: 'K' });
    expect(respond.error?.issues[0]).toMatchObject({ keys: ['keys'] });
  });

  it('names the stock stockQuantity: the old name is an unknown field', () => {
    const fields = {
      name: 'Netflix',
      categoryId: PRODUCT_ID,
      deliveryType: 'request',
      initialPrice: 1,
      managerPrice: 2,
      resellerPrice: 3,
    };
    expect(productFieldsSchema.parse({ ...fields, stockQuantity: '7' }).stockQuantity).toBe(7);
    expect(productFieldsSchema.safeParse({ ...fields, stock: 7 }).error?.issues[0]).toMatchObject({
      keys: ['stock'],
    });
  });
});

describe('bulk price changes', () => {
  it('refuses a row that changes nothing (0) and accepts one real change beside a 0', () => {
    const row = (change: object) => ({ products: [{ productId: PRODUCT_ID, ...change }] });
    expect(bulkUpdatePricesSchema.safeParse(row({ managerPrice: 0 })).success).toBe(false);
    expect(
      bulkUpdatePricesSchema.safeParse(row({ managerPrice: 0, resellerPrice: 0 })).success,
    ).toBe(false);
    expect(
      bulkUpdatePricesSchema.safeParse(row({ managerPrice: 0, resellerPrice: -0.5 })).success,
    ).toBe(true);
  });
});
