import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { boundParams } from '../src/db/statement-shapes';
import { orderShapeOf } from '../src/modules/orders/order-statement-values';
import {
  orderQuery,
  orderStatement,
  orderStatements,
  placeOrder,
  type OrderPlan,
} from '../src/modules/orders/place-order.statement';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectLedgerInvariants } from './helpers/invariants';
import { bucketsOf, fundedReseller, queryRows } from './helpers/money';
import { orderPlan } from './helpers/order-plan';

/**
 * The order statement is rendered once per shape and sent with each order's values
 * (place-order.statement.ts, "Rendered once per shape"). These fail when an order gets another
 * order's values, when two shapes share a text, or when a fact that changes the text is missing
 * from the shape.
 */
describe('the order statement, rendered once per shape', () => {
  const app = useCatalogueApp();
  const { db } = app;

  /** The plan with one fact of its shape changed, each way it can change. */
  const variations: Record<string, (plan: OrderPlan) => OrderPlan> = {
    'no debit (a free order)': (plan) => ({
      ...plan,
      order: { ...plan.order, totalCents: 0n },
      debit: null,
    }),
    'an Idempotency-Key': (plan) => ({
      ...plan,
      idempotency: {
        userId: plan.order.buyerId,
        key: `shape-${randomUUID()}`,
        hash: 'h',
        statusCode: 201,
        response: { orderId: plan.order.id },
      },
    }),
    'one margin more': (plan) => ({
      ...plan,
      margins: [...plan.margins, { sellerId: randomUUID(), marginCents: 7n }],
    }),
    'a request product, pending': (plan) => ({
      ...plan,
      order: { ...plan.order, deliveryType: 'request', status: 'pending' },
      claim: 0,
      margins: [],
    }),
    'a backorder, pending': (plan) => ({
      ...plan,
      order: { ...plan.order, backordered: true, status: 'pending' },
      claim: 0,
      margins: [],
    }),
    'the low-stock check': (plan) => ({ ...plan, lowStockThreshold: 5 }),
    'no outbox events (nobody expected to listen)': (plan) => ({ ...plan, events: false }),
  };

  /** A chain order of one key and the plans of every other shape made from it. */
  function plansOfEveryShape(): OrderPlan[] {
    const base = orderPlan(randomUUID(), { id: randomUUID(), deliveryType: 'instant' }, 1, {
      sellerId: randomUUID(),
      sellerCostCents: 900n,
    });
    const once = Object.values(variations).map((vary) => vary(base));
    // Two facts changed at once too: each pair of them.
    const twice = Object.values(variations).flatMap((first, i) =>
      Object.values(variations)
        .slice(i + 1)
        .map((second) => second(first(base))),
    );
    return [base, ...once, ...twice];
  }

  it('places two orders of one shape through one text, each with its own values', async () => {
    const [buyerA, buyerB] = [
      await fundedReseller(app.ctx.factory, app.admin, 50),
      await fundedReseller(app.ctx.factory, app.admin, 50),
    ];
    const [sellerA, sellerB] = [
      await fundedReseller(app.ctx.factory, app.admin, 0),
      await fundedReseller(app.ctx.factory, app.admin, 0),
    ];
    const [productA, productB] = [
      await app.catalogue.product({ keys: 3 }),
      await app.catalogue.product({ keys: 5 }),
    ];
    const planA = orderPlan(buyerA.user.id, productA, 1, {
      sellerId: sellerA.user.id,
      sellerCostCents: 900n,
    });
    const planB = orderPlan(buyerB.user.id, productB, 3, {
      sellerId: sellerB.user.id,
      sellerCostCents: 960n,
    });
    expect(orderShapeOf(planA)).toEqual(orderShapeOf(planB));

    const placedA = await placeOrder(db(), planA);
    const shapes = orderStatements.size;
    const placedB = await placeOrder(db(), planB);

    // The second order rendered nothing: it went out as the first one's text, under its name.
    expect(orderStatements.size).toBe(shapes);
    expect(orderStatements.of(orderShapeOf(planB))).toBe(orderStatements.of(orderShapeOf(planA)));
    if ('refused' in placedA || 'refused' in placedB) throw new Error('an order was refused');
    expect([placedA.keys.length, placedB.keys.length]).toEqual([1, 3]);

    const orderRows = await queryRows<{
      id: string;
      buyer_id: string;
      seller_id: string;
      product_id: string;
      quantity: number;
      total_cents: string;
    }>(
      db(),
      sql`select id, buyer_id, seller_id, product_id, quantity, total_cents::text
          from orders where id in (${planA.order.id}, ${planB.order.id}) order by quantity`,
    );
    expect(orderRows).toEqual([
      {
        id: planA.order.id,
        buyer_id: buyerA.user.id,
        seller_id: sellerA.user.id,
        product_id: productA.id,
        quantity: 1,
        total_cents: '1000',
      },
      {
        id: planB.order.id,
        buyer_id: buyerB.user.id,
        seller_id: sellerB.user.id,
        product_id: productB.id,
        quantity: 3,
        total_cents: '3000',
      },
    ]);
    // Each order claimed its own product's keys, as many as it bought.
    const keyRows = await queryRows<{ order_id: string; product_id: string; keys: number }>(
      db(),
      sql`select order_id, product_id, count(*)::int as keys from product_keys
          where order_id in (${planA.order.id}, ${planB.order.id})
          group by order_id, product_id order by keys`,
    );
    expect(keyRows).toEqual([
      { order_id: planA.order.id, product_id: productA.id, keys: 1 },
      { order_id: planB.order.id, product_id: productB.id, keys: 3 },
    ]);
    // Each buyer paid its own total, in a ledger row naming its own order; each seller earned its
    // own margin (1 × (10.00 − 9.00), 3 × (10.00 − 9.60)).
    const debits = await queryRows<{ user_id: string; order_id: string; amount_cents: string }>(
      db(),
      sql`select user_id, order_id, amount_cents::text from ledger_entries
          where user_id in (${buyerA.user.id}, ${buyerB.user.id}) and kind = 'purchase'
          order by ledger_entries.amount_cents desc`,
    );
    expect(debits).toEqual([
      { user_id: buyerA.user.id, order_id: planA.order.id, amount_cents: '-1000' },
      { user_id: buyerB.user.id, order_id: planB.order.id, amount_cents: '-3000' },
    ]);
    expect((await bucketsOf(db(), buyerA.user.id)).balance).toBe(4000n);
    expect((await bucketsOf(db(), buyerB.user.id)).balance).toBe(2000n);
    expect((await bucketsOf(db(), sellerA.user.id)).profit).toBe(100n);
    expect((await bucketsOf(db(), sellerB.user.id)).profit).toBe(120n);
    const changes = await queryRows<{ product_id: string; delta: number }>(
      db(),
      sql`select product_id, delta from product_stock_changes
          where product_id in (${productA.id}, ${productB.id}) order by delta desc`,
    );
    expect(changes).toEqual([
      { product_id: productA.id, delta: -1 },
      { product_id: productB.id, delta: -3 },
    ]);
    const audited = await queryRows<{ actor_id: string; target_id: string }>(
      db(),
      sql`select actor_id, target_id from audit_log
          where target_id in (${planA.order.id}, ${planB.order.id}) order by actor_id = ${buyerB.user.id}`,
    );
    expect(audited).toEqual([
      { actor_id: buyerA.user.id, target_id: planA.order.id },
      { actor_id: buyerB.user.id, target_id: planB.order.id },
    ]);
    await expectLedgerInvariants(db());
  });

  it('gives plans of different shapes different texts, and plans of one shape one', () => {
    const base = plansOfEveryShape()[0]!;
    for (const [fact, vary] of Object.entries(variations)) {
      const varied = vary(base);
      expect(orderShapeOf(varied), fact).not.toEqual(orderShapeOf(base));
      expect(orderQuery(varied).sql, fact).not.toBe(orderQuery(base).sql);
    }
    // Some pairs make one shape two ways (a backorder of a request product is a backorder).
    const textsByShape = new Map<string, Set<string>>();
    for (const plan of plansOfEveryShape()) {
      const shape = JSON.stringify(orderShapeOf(plan));
      textsByShape.set(shape, (textsByShape.get(shape) ?? new Set()).add(orderQuery(plan).sql));
    }
    expect([...textsByShape.values()].every((texts) => texts.size === 1)).toBe(true);
    const texts = new Set([...textsByShape.values()].flatMap((set) => [...set]));
    expect(texts.size).toBe(textsByShape.size);
    const names = [...textsByShape.keys()].map(
      (shape) => orderStatements.of(JSON.parse(shape)).name,
    );
    expect(new Set(names).size).toBe(textsByShape.size);
  });

  it('sends, for plans of every shape, the text and values of the statement built for the plan alone', () => {
    // `orderStatement` binds the plan's values where the shape's text has placeholders: were a
    // fact that changes the text missing from the shape, a plan would get another plan's text.
    const { dialect } = db() as unknown as { dialect: PgDialect };
    for (const plan of plansOfEveryShape()) {
      const alone = dialect.sqlToQuery(orderStatement(plan));
      const sent = orderQuery(plan);
      expect(sent.sql).toBe(alone.sql);
      expect(sent.params).toStrictEqual(alone.params);
      // Every value is the plan's own: none left as a placeholder.
      expect(sent.params.every((p) => typeof p !== 'object' || p === null)).toBe(true);
    }
  });

  it('binds values exactly as before: bigints, JSON text, nulls', () => {
    const plan = orderPlan(randomUUID(), { id: randomUUID(), deliveryType: 'instant' }, 2);
    const { params } = orderQuery(plan);
    expect(params).toContain(-2000n); // the debit
    expect(params).toContain(-2); // the stock change
    expect(params).toContain(JSON.stringify(plan.order.priceChain));
    expect(params).toContain(null); // the category, the notes
    expect(params.filter((p) => p === undefined)).toEqual([]);
  });

  it('refuses to send a statement whose values lack one of its placeholders', () => {
    const plan = orderPlan(randomUUID(), { id: randomUUID(), deliveryType: 'instant' }, 1);
    const statement = orderStatements.of(orderShapeOf(plan));
    expect(() => boundParams(statement, { orderId: plan.order.id })).toThrow(
      /No value for placeholder/,
    );
  });
});
