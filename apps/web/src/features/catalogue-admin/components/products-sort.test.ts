import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/fixtures';
import { sortProducts } from './products-screen';

const games = {
  id: '2b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
  nameEn: 'Games',
  nameFr: 'Jeux',
  nameAr: 'ألعاب',
};
const apps = {
  id: '3b1f7c3e-5d4a-4e8b-9c1d-0a2b3c4d5e6f',
  nameEn: 'Apps',
  nameFr: 'Logiciels',
  nameAr: 'تطبيقات',
};
const products = [
  aProduct(1, { name: 'Product 10', stockQuantity: 3, managerPrice: 7, category: games }),
  aProduct(2, { name: 'product 2', stockQuantity: 0, managerPrice: 9, category: apps }),
  aProduct(3, { name: 'Product 1', stockQuantity: 3, managerPrice: 8, category: games }),
];
const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('sortProducts', () => {
  it("keeps the server's order without a sort", () => {
    expect(names(sortProducts(products, undefined, 'en'))).toEqual(names(products));
  });

  it('sorts names as a reader would: case aside, numbers by value', () => {
    expect(names(sortProducts(products, { by: 'name', direction: 'asc' }, 'en'))).toEqual([
      'Product 1',
      'product 2',
      'Product 10',
    ]);
  });

  it('sorts figures, equal values in the order they came', () => {
    expect(names(sortProducts(products, { by: 'stock', direction: 'desc' }, 'en'))).toEqual([
      'Product 10',
      'Product 1',
      'product 2',
    ]);
    expect(
      sortProducts(products, { by: 'managerPrice', direction: 'asc' }, 'en').map(
        (p) => p.managerPrice,
      ),
    ).toEqual([7, 8, 9]);
  });

  it("sorts categories by their name in the reader's language", () => {
    // English: Apps < Games; French: Jeux < Logiciels.
    expect(sortProducts(products, { by: 'category', direction: 'asc' }, 'en')[0]?.name).toBe(
      'product 2',
    );
    expect(sortProducts(products, { by: 'category', direction: 'asc' }, 'fr')[0]?.name).toBe(
      'Product 10',
    );
  });
});
