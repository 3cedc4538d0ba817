import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { products, sellerPrices } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  balanceOf,
  bucketsOf,
  deliveryLines,
  deposit,
  fundedReseller as fundedResellerOf,
  instantProductWithKeys,
  ledgerOf,
  moneySnapshot,
  ordersOf,
  placeOrder,
  respond,
  stockOf,
  unsoldKeysOf,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

const fundedReseller = (amount: number) => fundedResellerOf(ctx.factory, admin, amount);
const instantProduct = (count: number) => instantProductWithKeys(catalogue, count);

describe('POST /api/orders: placing an order', () => {
  it('completes an instant order at once with exactly `quantity` distinct keys and debits quantity × cost', async () => {
    const buyer = await fundedReseller(50);
    const { product, keys } = await instantProduct(5);

    const response = await placeOrder(buyer, { productId: product.id, quantity: 3 });

    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      status: 'completed',
      deliveryType: 'instant',
      quantity: 3,
      unitPrice: 10,
      totalAmount: 30,
      productId: product.id,
      buyer: { id: buyer.user.id },
    });
    expect(order.deliveredAt).not.toBeNull();
    expect(order.responseKeys).toHaveLength(3);
    expect(new Set(order.responseKeys).size).toBe(3);
    for (const key of order.responseKeys!) expect(keys).toContain(key);

    expect(await balanceOf(buyer)).toMatchObject({ current: 20, total: 50, spent: 30 });
    const purchases = await ledgerOf(db(), buyer.user.id, 'purchase');
    expect(purchases.map((r) => [r.bucket, r.amountCents, r.orderId])).toEqual([
      ['balance', -3000n, order.id],
    ]);
    expect(await stockOf(db(), product.id)).toBe(2);
    expect(await unsoldKeysOf(db(), product.id)).toBe(2);

    // The buyer reading it again gets the same keys.
    const again = await buyer.inject({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(again.json<Order>().responseKeys).toEqual(order.responseKeys);
    await expectLedgerInvariants(db());
  });

  it('leaves a request order pending with no keys, debits the buyer and takes the stock', async () => {
    const buyer = await fundedReseller(50);
    const product = await catalogue.product({ deliveryType: 'request', stock: 10 });

    const response = await placeOrder(buyer, {
      productId: product.id,
      quantity: 3,
      notes: '  for my shop  ',
    });

    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      status: 'pending',
      deliveryType: 'request',
      quantity: 3,
      totalAmount: 30,
      deliveredAt: null,
      notes: 'for my shop',
    });
    expect(order.responseKeys ?? []).toEqual([]);
    expect(await stockOf(db(), product.id)).toBe(7);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(2000n);
    await expectLedgerInvariants(db());
  });

  it('refuses an order the balance cannot cover with 409 insufficient_balance and changes nothing', async () => {
    const buyer = await fundedReseller(25);
    const { product } = await instantProduct(5);
    const before = await moneySnapshot(db(), [buyer.user.id], product.id);

    const response = await placeOrder(buyer, { productId: product.id, quantity: 3 });

    expectError(response, 409, 'insufficient_balance');
    expect(await moneySnapshot(db(), [buyer.user.id], product.id)).toEqual(before);
    expect(await ordersOf(db(), buyer.user.id)).toEqual([]);
    expect((await ledgerOf(db(), buyer.user.id)).map((r) => r.kind)).toEqual(['deposit']);
    await expectLedgerInvariants(db());
  });

  it('refuses a request order the balance cannot cover without taking its stock', async () => {
    const buyer = await fundedReseller(0);
    const product = await catalogue.product({ deliveryType: 'request', stock: 4 });

    expectError(
      await placeOrder(buyer, { productId: product.id, quantity: 1 }),
      409,
      'insufficient_balance',
    );
    expect(await stockOf(db(), product.id)).toBe(4);
    expect(await ordersOf(db(), buyer.user.id)).toEqual([]);
  });

  it('refuses more keys than are left with 409 out_of_stock and debits nothing', async () => {
    const buyer = await fundedReseller(100);
    const { product } = await instantProduct(2);
    const before = await moneySnapshot(db(), [buyer.user.id], product.id);

    expectError(
      await placeOrder(buyer, { productId: product.id, quantity: 3 }),
      409,
      'out_of_stock',
    );
    expect(await moneySnapshot(db(), [buyer.user.id], product.id)).toEqual(before);
    expect(before.unsoldKeys).toBe(2);

    const request = await catalogue.product({ deliveryType: 'request', stock: 1 });
    expectError(
      await placeOrder(buyer, { productId: request.id, quantity: 2 }),
      409,
      'out_of_stock',
    );
    expect(await bucketsOf(db(), buyer.user.id)).toEqual(before.buckets[0]);
    await expectLedgerInvariants(db());
  });

  it('refuses an administrator with 403', async () => {
    const { product } = await instantProduct(1);
    expectError(await placeOrder(admin, { productId: product.id, quantity: 1 }), 403, 'forbidden');
    expect(await unsoldKeysOf(db(), product.id)).toBe(1);
  });

  it('answers 404 for a deleted product and for one that never existed', async () => {
    const buyer = await fundedReseller(50);
    const { product } = await instantProduct(3);
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));

    expectError(await placeOrder(buyer, { productId: product.id, quantity: 1 }), 404, 'not_found');
    expectError(
      await placeOrder(buyer, { productId: randomUUID(), quantity: 1 }),
      404,
      'not_found',
    );
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(5000n);
    expect(await unsoldKeysOf(db(), product.id)).toBe(3);
  });

  describe('refuses bad input with 400 validation, never a 500', () => {
    let buyer: SignedInUser;
    let productId: string;
    beforeAll(async () => {
      buyer = await fundedReseller(1_000);
      productId = (await instantProduct(3)).product.id;
    });

    it.each([
      ['quantity 0', { quantity: 0 }, 'body.quantity'],
      ['quantity 1.5', { quantity: 1.5 }, 'body.quantity'],
      ['quantity "2" (a string)', { quantity: '2' }, 'body.quantity'],
      ['quantity 1001', { quantity: 1001 }, 'body.quantity'],
      ['quantity -1', { quantity: -1 }, 'body.quantity'],
      ['quantity missing', { quantity: undefined }, 'body.quantity'],
      ['productId missing', { productId: undefined }, 'body.productId'],
      ['productId not a uuid', { productId: 'not-a-uuid' }, 'body.productId'],
      ['notes of 501 characters', { notes: 'x'.repeat(501) }, 'body.notes'],
    ])('refuses %s with 400 validation', async (_name, override, path) => {
      const payload = { productId, quantity: 1, ...override };
      expectValidation(await placeOrder(buyer, payload), path);
      expect(await ordersOf(db(), buyer.user.id)).toEqual([]);
    });

    it('accepts notes of exactly 500 characters', async () => {
      const response = await placeOrder(buyer, { productId, quantity: 1, notes: 'n'.repeat(500) });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('answers a bad Idempotency-Key (over 200 characters) with 400', async () => {
      expectError(
        await placeOrder(buyer, { productId, quantity: 1 }, 'k'.repeat(201)),
        400,
        'validation',
      );
    });
  });
});

describe('prices and profit along the invitation chain', () => {
  it("charges a manager's invitee the manager's selling price and pays the manager quantity × margin", async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, reseller.user.id, 100);
    const { product } = await instantProduct(5);
    await catalogue.sellerPrice(manager.user.id, product.id, 1250n);

    const response = await placeOrder(reseller, { productId: product.id, quantity: 4 });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Order>()).toMatchObject({
      unitPrice: 12.5,
      totalAmount: 50,
      seller: { id: manager.user.id },
    });
    expect((await balanceOf(manager)).profit).toBe(18); // 4 × (12.50 − 8.00)
    const profit = await ledgerOf(db(), manager.user.id, 'profit');
    expect(profit.map((r) => [r.bucket, r.amountCents, r.orderId])).toEqual([
      ['profit', 1800n, response.json<Order>().id],
    ]);
    await expectLedgerInvariants(db());
  });

  it('prices orders placed together each by its own buyer, chain and product', async () => {
    // The product and chain reads of orders that arrive together share one query each
    // (batchedLookup): each order must still get its own.
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const invitee = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, invitee.user.id, 100);
    const direct = await fundedReseller(100);
    const { product: first } = await instantProduct(5);
    const { product: second } = await instantProduct(5);
    await catalogue.sellerPrice(manager.user.id, first.id, 1250n);

    const [a, b, c] = await Promise.all([
      placeOrder(invitee, { productId: first.id, quantity: 2 }),
      placeOrder(direct, { productId: first.id, quantity: 1 }),
      // Upper-case hex is a UUID too; the database answers the id in lower case.
      placeOrder(direct, { productId: second.id.toUpperCase(), quantity: 3 }),
    ]);

    expect(a.json<Order>()).toMatchObject({
      productId: first.id,
      unitPrice: 12.5,
      totalAmount: 25,
      buyer: { id: invitee.user.id },
      seller: { id: manager.user.id },
    });
    expect(b.json<Order>()).toMatchObject({
      productId: first.id,
      unitPrice: 10,
      buyer: { id: direct.user.id },
      seller: null,
    });
    expect(c.json<Order>()).toMatchObject({ productId: second.id, totalAmount: 30 });
    expect((await balanceOf(manager)).profit).toBe(9); // 2 × (12.50 − 8.00)
    expect(await balanceOf(direct)).toMatchObject({ current: 60, spent: 40 });
    await expectLedgerInvariants(db());
  });

  /** admin → manager → reseller A → reseller B, each seller with its own selling price. */
  async function threeLevelChain() {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const resellerA = await ctx.factory.signedIn('reseller', manager.user);
    const resellerB = await ctx.factory.signedIn('reseller', resellerA.user);
    await deposit(admin, resellerB.user.id, 100);
    return { manager, resellerA, resellerB };
  }

  it('pays each upline of a three-level chain exactly its own margin', async () => {
    const { manager, resellerA, resellerB } = await threeLevelChain();
    const { product } = await instantProduct(5);
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n); // A pays 12
    await catalogue.sellerPrice(resellerA.user.id, product.id, 1500n); // B pays 15

    const response = await placeOrder(resellerB, { productId: product.id, quantity: 3 });

    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({ unitPrice: 15, totalAmount: 45 });
    expect(await balanceOf(resellerB)).toMatchObject({ current: 55, spent: 45, profit: 0 });
    expect(await balanceOf(resellerA)).toMatchObject({ current: 0, profit: 9 }); // 3 × (15 − 12)
    expect(await balanceOf(manager)).toMatchObject({ current: 0, profit: 12 }); // 3 × (12 − 8)
    const profitRows = async (user: SignedInUser) =>
      (await ledgerOf(db(), user.user.id, 'profit')).map((r) => [
        r.amountCents,
        r.orderId,
        r.counterpartyId,
      ]);
    expect(await profitRows(resellerA)).toEqual([[900n, order.id, resellerB.user.id]]);
    expect(await profitRows(manager)).toEqual([[1200n, order.id, resellerB.user.id]]);
    expect(await profitRows(resellerB)).toEqual([]);
    await expectLedgerInvariants(db());
  });

  it("never charges an invitee less than its seller's own cost; a zero margin pays nothing", async () => {
    const { manager, resellerA, resellerB } = await threeLevelChain();
    const { product } = await instantProduct(2);
    // A pays the manager 13; A sets no price of its own, so B would pay resellerPrice 10.
    await catalogue.sellerPrice(manager.user.id, product.id, 1300n);

    const response = await placeOrder(resellerB, { productId: product.id, quantity: 2 });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Order>()).toMatchObject({ unitPrice: 13, totalAmount: 26 });
    expect(await ledgerOf(db(), resellerA.user.id, 'profit')).toEqual([]);
    expect((await balanceOf(manager)).profit).toBe(10); // 2 × (13 − 8)
    await expectLedgerInvariants(db());
  });

  it('pays the margins stored at placement when a request order completes after a price change', async () => {
    const { manager, resellerA, resellerB } = await threeLevelChain();
    const product = await catalogue.product({ deliveryType: 'request', stock: 10 });
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
    await catalogue.sellerPrice(resellerA.user.id, product.id, 1500n);
    const placed = await placeOrder(resellerB, { productId: product.id, quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await balanceOf(resellerA)).profit).toBe(0); // nothing paid while pending

    await db()
      .update(products)
      .set({ managerPriceCents: 900n, resellerPriceCents: 1100n })
      .where(eq(products.id, product.id));
    await db()
      .update(sellerPrices)
      .set({ priceCents: sql`${sellerPrices.priceCents} + 200` })
      .where(eq(sellerPrices.productId, product.id));
    const done = await respond(admin, placed.json<Order>().id, {
      status: 'completed',
      keys: deliveryLines(2),
    });

    expect(done.statusCode, done.body).toBe(200);
    expect((await balanceOf(resellerA)).profit).toBe(6); // 2 × (15 − 12), not the new prices
    expect((await balanceOf(manager)).profit).toBe(8); // 2 × (12 − 8)
    expect((await balanceOf(resellerB)).current).toBe(70);
    await expectLedgerInvariants(db());
  });
});
