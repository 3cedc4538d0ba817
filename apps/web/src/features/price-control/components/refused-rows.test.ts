import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { refusedRowsOf } from './refused-rows';

const ids = ['a', 'b', 'c'];

function refusal(paths: string[]) {
  return new ApiError(400, {
    statusCode: 400,
    message: { type: 'price_below_cost', text: 'Selling price cannot be lower than buying price' },
    details: paths.map((path) => ({ path, message: 'Server text' })),
  });
}

describe('refusedRowsOf', () => {
  it('names each refused product once, with every field the server pointed at', () => {
    const error = refusal([
      'body.products.2.managerPrice',
      'body.products.2.resellerPrice',
      'body.products.0.productId',
    ]);
    expect(refusedRowsOf(error, ids)).toEqual([
      { productId: 'c', fields: ['managerPrice', 'resellerPrice'] },
      { productId: 'a', fields: ['productId'] },
    ]);
  });

  it('reads the products of a targeted change by id, and an unknown one of a selection by index', () => {
    const product = '00000000-0000-4000-8000-000000000002';
    const error = refusal([
      `products.${product}.resellerPrice`,
      'body.target.productIds.1',
      'body.change.resellerPrice',
    ]);
    expect(refusedRowsOf(error, ids)).toEqual([
      { productId: product, fields: ['resellerPrice'] },
      { productId: 'b', fields: ['productId'] },
    ]);
  });

  it('ignores paths outside the rows sent and errors without details', () => {
    expect(refusedRowsOf(refusal(['body.products.7.resellerPrice', 'body']), ids)).toEqual([]);
    expect(refusedRowsOf(new Error('offline'), ids)).toEqual([]);
  });
});
