import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { orderRefusalOf, refusalOutcome, type OrderRefusal } from './order-refusals';

/** A refusal as the driver reports it: SQLSTATE KM001 under Drizzle's wrapper. */
const refusalError = (reason: string, code = 'KM001', detail?: string) =>
  new Error('Failed query', { cause: Object.assign(new Error(reason), { code, detail }) });

/** The DETAIL place_order gives a `limit_exceeded`: the limit, in cents for the spend. */
const limitDetails: Record<string, string> = {
  limit_exceeded: JSON.stringify({
    limit: 'daily_spend',
    max: 5000,
    used: 4500,
    resetsAt: '2026-12-08T00:00:00Z',
  }),
};

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
    limit_exceeded: (outcome) => {
      conflictOf(
        'limit_exceeded',
        'Over your daily spending limit of $50.00: $45.00 spent today; it resets at 00:00 UTC (2026-12-08T00:00:00Z)',
      )(outcome);
      expect(outcome).toMatchObject({
        limit: { name: 'daily_spend', max: 50, used: 45, resetsAt: '2026-12-08T00:00:00Z' },
      });
    },
    // The service places the order again with its events and never answers this one.
    order_events: (outcome) => {
      expect(outcome).toBeInstanceOf(Error);
      expect(outcome).not.toBeInstanceOf(AppError);
    },
  } satisfies Record<OrderRefusal['refused'], (outcome: Error | 'replay') => void>;

  it.each(Object.entries(outcomes))('answers %s with its own outcome', (reason, check) => {
    const refusal = orderRefusalOf(refusalError(reason, 'KM001', limitDetails[reason]));
    expect(refusal).toMatchObject({ refused: reason });
    check(refusalOutcome(refusal!, { totalCents: 1250n, stock: 2 }));
  });

  it('reads only refusals it knows: another reason or another error is not one', () => {
    expect(orderRefusalOf(refusalError('something_else'))).toBeUndefined();
    expect(orderRefusalOf(refusalError('toString'))).toBeUndefined();
    expect(orderRefusalOf(refusalError('out_of_stock', '23505'))).toBeUndefined();
    expect(orderRefusalOf(new Error('out_of_stock'))).toBeUndefined();
  });

  it('knows every reason place_order can give, and no other', () => {
    // The function as the migrations define it last (a later one may replace it).
    const drizzle = new URL('../../../drizzle/', import.meta.url);
    const texts = readdirSync(drizzle)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => readFileSync(new URL(name, drizzle), 'utf8'));
    const definitions = texts.flatMap((text) =>
      text
        .split('--> statement-breakpoint')
        .filter((part) => /FUNCTION "?place_order"?\(/.test(part)),
    );
    const latest = definitions.at(-1) ?? '';
    const given = new Set([...latest.matchAll(/MESSAGE = '(\w+)'/g)].map(([, reason]) => reason!));
    expect([...given].sort()).toEqual(Object.keys(outcomes).sort());
  });
});
