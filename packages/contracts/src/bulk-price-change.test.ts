import { describe, expect, it } from 'vitest';
import { bulkPriceChangeSchema, bulkUpdatePricesSchema } from './catalogue';
import { messages } from './messages';
import { applyPercentCents } from './money';

const PRODUCT_ID = '00000000-0000-4000-8000-000000000001';

describe('applyPercentCents', () => {
  it('rounds each new price half up to the cent, in integers', () => {
    expect(applyPercentCents(999n, 15)).toBe(1149n); // 11.4885
    expect(applyPercentCents(999n, -5)).toBe(949n); // 9.4905
    expect(applyPercentCents(1n, 50)).toBe(2n); // 1.5 cents, half up
    expect(applyPercentCents(3n, -50)).toBe(2n); // 1.5 cents, half up
    expect(applyPercentCents(1000n, 12.35)).toBe(1124n); // 11.235
    expect(applyPercentCents(1000n, -90)).toBe(100n);
    expect(applyPercentCents(1000n, 1000)).toBe(11000n);
    expect(applyPercentCents(0n, 10)).toBe(0n);
  });

  it('stays exact where floats would not: 1,000,000,000 cents at +0.01 %', () => {
    expect(applyPercentCents(1_000_000_000n, 0.01)).toBe(1_000_100_000n);
    expect(applyPercentCents(123_456_789n, 33.33)).toBe(164_604_937n); // 164604936.77…
  });
});

describe('PATCH /products/bulk-update-prices bodies', () => {
  const percent = (change: object, target: object = { kind: 'all' }) =>
    bulkUpdatePricesSchema.safeParse({ mode: 'percent', change, target });

  it('keeps the original body of rows, with or without mode rows', () => {
    const products = [{ productId: PRODUCT_ID, managerPrice: 1 }];
    expect(bulkUpdatePricesSchema.safeParse({ products }).success).toBe(true);
    expect(bulkUpdatePricesSchema.safeParse({ mode: 'rows', products }).success).toBe(true);
  });

  it('takes a percentage or an amount for selected products, a category or every product', () => {
    expect(
      percent({ resellerPrice: 10 }, { kind: 'products', productIds: [PRODUCT_ID] }).success,
    ).toBe(true);
    expect(
      percent({ managerPrice: -5.25 }, { kind: 'category', categoryId: PRODUCT_ID }).success,
    ).toBe(true);
    expect(
      bulkUpdatePricesSchema.safeParse({
        mode: 'amount',
        change: { resellerPrice: -1.5 },
        target: { kind: 'all' },
      }).success,
    ).toBe(true);
  });

  it('refuses percentages out of bounds, with more than 2 decimals, or changing nothing', () => {
    expect(percent({ resellerPrice: -90.01 }).error?.issues[0]).toMatchObject({
      path: ['change', 'resellerPrice'],
      message: messages.percentRange,
    });
    expect(percent({ resellerPrice: 1000.01 }).error?.issues[0]?.message).toBe(
      messages.percentRange,
    );
    expect(percent({ resellerPrice: 1.005 }).error?.issues[0]?.message).toBe(
      messages.percentDecimals,
    );
    expect(percent({ resellerPrice: '10' }).error?.issues[0]?.message).toBe(messages.percentNumber);
    expect(percent({ resellerPrice: 0 }).success).toBe(false);
    expect(percent({}).success).toBe(false);
  });

  it('refuses a target product listed twice, an unknown target kind and rows beside a target', () => {
    expect(
      percent({ resellerPrice: 5 }, { kind: 'products', productIds: [PRODUCT_ID, PRODUCT_ID] })
        .error?.issues[0]?.path,
    ).toEqual(['target', 'productIds', 1, 'productId']);
    expect(percent({ resellerPrice: 5 }, { kind: 'everything' }).success).toBe(false);
    expect(
      bulkUpdatePricesSchema.safeParse({
        mode: 'percent',
        change: { resellerPrice: 5 },
        target: { kind: 'all' },
        products: [],
      }).success,
    ).toBe(false);
  });
});

describe('the bulk form', () => {
  it("checks each field by its mode's rule", () => {
    expect(bulkPriceChangeSchema.safeParse({ mode: 'percent', resellerPrice: 15 }).success).toBe(
      true,
    );
    expect(
      bulkPriceChangeSchema.safeParse({ mode: 'amount', resellerPrice: 1.005 }).error?.issues[0],
    ).toMatchObject({
      path: ['resellerPrice'],
      message: messages.amountDecimals,
    });
    expect(
      bulkPriceChangeSchema.safeParse({ mode: 'percent', managerPrice: -95 }).error?.issues[0],
    ).toMatchObject({
      path: ['managerPrice'],
      message: messages.percentRange,
    });
    expect(
      bulkPriceChangeSchema.safeParse({ mode: 'percent', resellerPrice: Number.NaN }).error
        ?.issues[0]?.message,
    ).toBe(messages.percentNumber);
    expect(bulkPriceChangeSchema.safeParse({ mode: 'percent' }).error?.issues[0]?.path).toEqual([]);
  });
});
