import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { orderRefusalOf, refusalOutcome, type OrderRefusal } from './order-refusals';
import { orderStatement, type OrderPlan } from './place-order';

/** A refusal as the driver reports it: SQLSTATE KM001 under Drizzle's wrapper. */
const refusalError = (reason: string, code = 'KM001') =>
  new Error('Failed query', { cause: Object.assign(new Error(reason), { code }) });

/** Every refusal a plan with a key, a debit, keys to claim and two sellers can raise. */
function fullPlan(deliveryType: 'instant' | 'request'): OrderPlan {
  const priceChain = [
    { userId: 'b', costCents: '1000' },
    { userId: 's1', costCents: '900' },
    { userId: 's2', costCents: '800' },
  ];
  return {
    order: {
      id: 'o',
      buyerId: 'b',
      sellerId: 's1',
      productId: 'p',
      productName: 'n',
      quantity: 1,
      deliveryType,
      unitPriceCents: 1000n,
      totalCents: 1000n,
      status: 'completed',
      notes: null,
      priceChain,
    },
    refs: { buyer: { id: 'b', username: 'b' }, seller: null, category: null },
    claim: 1,
    debit: { kind: 'purchase', actorId: 'b', orderId: 'o' },
    margins: [
      { sellerId: 's1', marginCents: 100n },
      { sellerId: 's2', marginCents: 100n },
    ],
    // With the low-stock check: the refusal reasons must be read whatever CTEs the plan adds.
    lowStockThreshold: 5,
    // Without the events: the check that nobody takes them is among the reasons read.
    events: false,
    audit: { actorId: 'b', action: 'order.placed', targetType: 'order', targetId: 'o' },
    idempotency: { userId: 'b', key: 'k', hash: 'h', statusCode: 201, response: { orderId: 'o' } },
  };
}

/** A check that the outcome is the 409 `type` with this text. */
const conflictOf = (type: string, text: string) => (outcome: Error | 'replay') => {
  expect(outcome).toBeInstanceOf(AppError);
  expect(outcome).toMatchObject({ type, statusCode: 409, text });
};

describe('order refusals', () => {
  // Keyed by the union, so a reason added to it and not here does not compile.
  const outcomes = {
    idempotency_key_taken: (outcome) => expect(outcome).toBe('replay'),
    insufficient_balance: conflictOf(
      'insufficient_balance',
      'Insufficient balance: this order costs $12.50',
    ),
    out_of_stock: conflictOf('out_of_stock', 'Only 2 left in stock'),
    // A bug, not a refusal a buyer can cause: a plain error, answered as a 500.
    seller_missing: (outcome) => {
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(AppError);
    },
    // The service places the order again with its events and never answers this one.
    order_events: (outcome) => {
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(AppError);
    },
  } satisfies Record<OrderRefusal['refused'], (outcome: Error | 'replay') => void>;

  it.each(Object.entries(outcomes))('answers %s with its own outcome', (reason, check) => {
    const refusal = orderRefusalOf(refusalError(reason));
    expect(refusal).toEqual({ refused: reason });
    check(refusalOutcome(refusal!, { totalCents: 1250n, stock: 2 }));
  });

  it('reads only refusals it knows: another reason or another error is not one', () => {
    expect(orderRefusalOf(refusalError('something_else'))).toBeUndefined();
    expect(orderRefusalOf(refusalError('toString'))).toBeUndefined();
    expect(orderRefusalOf(refusalError('out_of_stock', '23505'))).toBeUndefined();
    expect(orderRefusalOf(new Error('out_of_stock'))).toBeUndefined();
  });

  it('knows every reason the order statement can give, and no other', () => {
    const given = new Set<string>();
    for (const deliveryType of ['instant', 'request'] as const) {
      const { sql } = new PgDialect().sqlToQuery(orderStatement(fullPlan(deliveryType)));
      for (const [, reason] of sql.matchAll(/then '(\w+)'/g)) given.add(reason!);
    }
    expect([...given].sort()).toEqual(Object.keys(outcomes).sort());
  });
});
