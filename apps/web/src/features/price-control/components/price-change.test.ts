import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/fixtures';
import { newPrice, refusalsOf } from './price-change';

const admin = aProduct(1, { initialPrice: 5, managerPrice: 9.99, resellerPrice: 10 });

describe('the bulk change arithmetic the preview shows', () => {
  it('rounds a percentage half up to the cent, as the server writes it', () => {
    expect(newPrice(admin, 'managerPrice', { mode: 'percent', managerPrice: 15 }, true)).toBe(
      11.49,
    );
    expect(newPrice(admin, 'managerPrice', { mode: 'percent', managerPrice: -5 }, true)).toBe(9.49);
    expect(newPrice(admin, 'resellerPrice', { mode: 'percent', resellerPrice: 12.35 }, true)).toBe(
      11.24,
    );
  });

  it('adds an amount in cents, without float drift', () => {
    expect(newPrice(admin, 'managerPrice', { mode: 'amount', managerPrice: 0.02 }, true)).toBe(
      10.01,
    );
    expect(newPrice(admin, 'resellerPrice', { mode: 'amount', managerPrice: 1 }, true)).toBe(10);
  });

  it("moves a seller's selling price, not the platform's", () => {
    const seller = aProduct(2, { price: 8, sellingPrice: 10 });
    expect(newPrice(seller, 'resellerPrice', { mode: 'percent', resellerPrice: -15 }, false)).toBe(
      8.5,
    );
  });

  it('refuses each price below its floor: the initial price for an admin, the cost for a seller', () => {
    const low = aProduct(3, { initialPrice: 7, managerPrice: 8, resellerPrice: 10 });
    expect(
      refusalsOf({ mode: 'percent', managerPrice: -25 }, [admin, low], true).map((r) => [
        r.product.name,
        r.fields,
        r.floor,
      ]),
    ).toEqual([['Product 3', ['managerPrice'], 7]]);

    const seller = aProduct(4, { price: 8, sellingPrice: 10 });
    // 10 at -20.05 % is 7.995, which rounds half up to 8.00: not below the cost of 8.
    expect(refusalsOf({ mode: 'percent', resellerPrice: -20.05 }, [seller], false)).toHaveLength(0);
    expect(refusalsOf({ mode: 'percent', resellerPrice: -20.06 }, [seller], false)).toHaveLength(1);
    expect(refusalsOf({ mode: 'amount', resellerPrice: -2.01 }, [seller], false)).toHaveLength(1);
  });
});
