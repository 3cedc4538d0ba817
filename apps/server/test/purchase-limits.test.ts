import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ExceededLimit, MyLimits } from '@keymarket/contracts/purchase-limits';
import type { UserProfile, UserSummary } from '@keymarket/contracts/users-admin';
import type { Product } from '@keymarket/contracts/catalogue';
import { auditLog, dockedProducts, products, upstreams } from '../src/db/schema/index';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import { keyOf } from './helpers/api-keys';
import { testVault } from './helpers/catalogue-factory';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import {
  bucketsOf,
  deposit,
  ledgerOf,
  ordersOf,
  placedOrder,
  placeOrder,
  respond,
  unsoldKeysOf,
} from './helpers/money';

const { ctx, catalogue, admin, db } = useCatalogueApp();

/** PUT /api/users/{id}/limits as `actor`. */
const setLimits = (actor: SignedInUser, userId: string, payload: unknown) =>
  actor.inject({ method: 'PUT', url: `/api/users/${userId}/limits`, payload: payload as object });

async function limitsSet(actor: SignedInUser, userId: string, payload: unknown) {
  const response = await setLimits(actor, userId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserSummary>();
}

async function myLimits(buyer: SignedInUser, productId?: string) {
  const response = await buyer.inject({
    method: 'GET',
    url: `/api/users/me/limits${productId ? `?productId=${productId}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyLimits>();
}

/** The next 00:00 UTC, as the answers write it. */
function nextMidnight() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    .toISOString()
    .replace('.000Z', 'Z');
}

/** A `limit_exceeded` answer naming `limit`. */
function expectLimit(response: LightMyRequestResponse, limit: ExceededLimit, text?: string) {
  const body = expectError(response, 409, 'limit_exceeded', text);
  expect(body.message.limit).toEqual(limit);
  return body;
}

/** A reseller of the admin's with `amount` USD: it pays the product's resellerPrice, $10. */
async function buyerWith(amount: number) {
  const buyer = await ctx.factory.signedIn('reseller', admin.user);
  if (amount > 0) await deposit(admin, buyer.user.id, amount);
  return buyer;
}

describe('PUT /users/{id}/limits: who sets an invitee’s limits', () => {
  it('lets an inviter set its direct invitee’s limits, audited and read back on the user', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const invitee = await ctx.factory.signedIn('reseller', manager.user);

    const summary = await limitsSet(manager, invitee.user.id, {
      dailySpendCap: 25.5,
      maxOrderQuantity: 3,
    });
    expect(summary.limits).toEqual({ dailySpendCap: 25.5, maxOrderQuantity: 3, spentToday: 0 });

    const downline = await manager.inject({
      method: 'GET',
      url: '/api/users/downline?direct=true',
    });
    const row = downline.json<{ data: UserSummary[] }>().data.find((u) => u.id === invitee.user.id);
    expect(row?.limits).toEqual({ dailySpendCap: 25.5, maxOrderQuantity: 3, spentToday: 0 });
    const profile = await manager.inject({ method: 'GET', url: `/api/users/${invitee.user.id}` });
    expect(profile.json<UserProfile>().limits).toMatchObject({ dailySpendCap: 25.5 });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, invitee.user.id));
    expect(audit).toMatchObject({ actorId: manager.user.id, action: 'user.limits_set' });
    expect(JSON.parse(String(audit!.after))).toEqual({ dailySpendCap: 25.5, maxOrderQuantity: 3 });

    // Null takes a limit away.
    const cleared = await limitsSet(manager, invitee.user.id, {
      dailySpendCap: null,
      maxOrderQuantity: null,
    });
    expect(cleared.limits).toEqual({ dailySpendCap: null, maxOrderQuantity: null, spentToday: 0 });
  });

  it('lets an admin set anyone’s, and nobody else’s: not an invitee’s invitee, nor its own', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const reseller = await ctx.factory.signedIn('reseller', manager.user);
    const below = await ctx.factory.signedIn('reseller', reseller.user);
    const limits = { dailySpendCap: 10, maxOrderQuantity: null };

    expect((await setLimits(admin, below.user.id, limits)).statusCode).toBe(200);
    expectError(await setLimits(manager, below.user.id, limits), 404, 'not_found');
    expectError(await setLimits(reseller, manager.user.id, limits), 404, 'not_found');
    expectError(
      await setLimits(admin, admin.user.id, limits),
      403,
      'forbidden',
      'You cannot set your own purchase limits',
    );
  });

  it('refuses bad limits with the validation envelope', async () => {
    const invitee = await ctx.factory.signedIn('reseller', admin.user);
    expectValidation(
      await setLimits(admin, invitee.user.id, { dailySpendCap: -1, maxOrderQuantity: null }),
      'body.dailySpendCap',
      'The daily spending cap cannot be negative',
    );
    expectValidation(
      await setLimits(admin, invitee.user.id, { dailySpendCap: null, maxOrderQuantity: 0 }),
      'body.maxOrderQuantity',
      'The quantity limit must be at least 1',
    );
    expectValidation(
      await setLimits(admin, invitee.user.id, { dailySpendCap: 1.234, maxOrderQuantity: 2 }),
      'body.dailySpendCap',
    );
    expectValidation(
      await setLimits(admin, invitee.user.id, { dailySpendCap: 5, maxOrderQuantity: 2, x: 1 }),
      'body.x',
    );
  });
});

describe('orders over a buyer’s limits', () => {
  it('refuses an order over the daily spending cap, naming it and the UTC midnight it resets at', async () => {
    const buyer = await buyerWith(100);
    await limitsSet(admin, buyer.user.id, { dailySpendCap: 25, maxOrderQuantity: null });
    const product = await catalogue.product({ keys: 10 });

    await placedOrder(buyer, product.id, 2);
    const refused = await placeOrder(buyer, { productId: product.id, quantity: 1 });
    const resetsAt = nextMidnight();
    expectLimit(
      refused,
      { name: 'daily_spend', max: 25, used: 20, resetsAt },
      `Over your daily spending limit of $25.00: $20.00 spent today; it resets at 00:00 UTC (${resetsAt})`,
    );
    // Nothing of the refused order was kept.
    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 8000n, profit: 0n });
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(1);
    expect(await unsoldKeysOf(db(), product.id)).toBe(8);

    expect(await myLimits(buyer)).toMatchObject({
      dailySpendCap: 25,
      spentToday: 20,
      spendLeftToday: 5,
      resetsAt,
    });
  });

  it('counts no rejected order against the cap', async () => {
    const buyer = await buyerWith(100);
    await limitsSet(admin, buyer.user.id, { dailySpendCap: 10, maxOrderQuantity: null });
    const product = await catalogue.product({ deliveryType: 'request', stock: 10 });
    const first = await placedOrder(buyer, product.id, 1);
    expectLimit(await placeOrder(buyer, { productId: product.id, quantity: 1 }), {
      name: 'daily_spend',
      max: 10,
      used: 10,
      resetsAt: nextMidnight(),
    });
    const rejected = await respond(admin, first.id, { status: 'rejected', reason: 'Not today' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await placedOrder(buyer, product.id, 1);
  });

  it('refuses more units in one order than the buyer may, and says it applies to each order', async () => {
    const buyer = await buyerWith(100);
    await limitsSet(admin, buyer.user.id, { dailySpendCap: null, maxOrderQuantity: 2 });
    const product = await catalogue.product({ keys: 10 });
    expectLimit(
      await placeOrder(buyer, { productId: product.id, quantity: 3 }),
      { name: 'order_quantity', max: 2, used: 0, resetsAt: null },
      'Over your limit of 2 units in one order',
    );
    await placedOrder(buyer, product.id, 2);
    await placedOrder(buyer, product.id, 2);
    expect((await myLimits(buyer, product.id)).quantityLeft).toBe(2);
    await expectLedgerInvariants(db());
  });
});

describe('orders over a product’s limits', () => {
  it('lets an admin set them with the product and reads them back to admins only', async () => {
    const product = await catalogue.product({ keys: 3 });
    const patched = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { maxOrderQuantity: 4, maxDailyQuantity: 6 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Product>()).toMatchObject({ maxOrderQuantity: 4, maxDailyQuantity: 6 });
    const buyer = await buyerWith(0);
    const seen = await buyer.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(seen.json<Product>().maxOrderQuantity).toBeUndefined();
    expectValidation(
      await admin.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { maxDailyQuantity: 0 },
      }),
      'body.maxDailyQuantity',
      'The quantity limit must be at least 1',
    );
  });

  it('refuses beyond the units per order and per buyer a day, and says what is left today', async () => {
    const product = await catalogue.product({ keys: 20 });
    await db()
      .update(products)
      .set({ maxOrderQuantity: 3, maxDailyQuantity: 5 })
      .where(eq(products.id, product.id));
    const buyer = await buyerWith(200);
    const other = await buyerWith(200);

    expectLimit(
      await placeOrder(buyer, { productId: product.id, quantity: 4 }),
      { name: 'product_order_quantity', max: 3, used: 0, resetsAt: null },
      "Over this product's limit of 3 units in one order",
    );
    await placedOrder(buyer, product.id, 3);
    expect(await myLimits(buyer, product.id)).toMatchObject({
      product: { id: product.id, maxOrderQuantity: 3, maxDailyQuantity: 5, boughtToday: 3 },
      quantityLeft: 2,
      quantityLeftToday: 2,
    });
    const resetsAt = nextMidnight();
    expectLimit(
      await placeOrder(buyer, { productId: product.id, quantity: 3 }),
      { name: 'product_daily_quantity', max: 5, used: 3, resetsAt },
      `Over this product's limit of 5 units a day: 3 bought today; it resets at 00:00 UTC (${resetsAt})`,
    );
    await placedOrder(buyer, product.id, 2);
    // Another buyer has its own day.
    await placedOrder(other, product.id, 3);
    expect((await myLimits(buyer, product.id)).quantityLeftToday).toBe(0);
  });

  it('limits the integration API’s orders and a docked product’s orders too', async () => {
    const buyer = await buyerWith(200);
    await limitsSet(admin, buyer.user.id, { dailySpendCap: 15, maxOrderQuantity: null });
    const product = await catalogue.product({ keys: 5 });
    const client = await keyOf(ctx.app, buyer);
    const v1Order = (quantity: number) =>
      client.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: { productId: product.id, quantity },
        headers: { 'idempotency-key': `limits-${Date.now()}-${quantity}` },
      });
    expect((await v1Order(1)).statusCode).toBe(201);
    expectLimit(await v1Order(1), {
      name: 'daily_spend',
      max: 15,
      used: 10,
      resetsAt: nextMidnight(),
    });

    // A docked product: refused in the order's statement before any purchase upstream exists.
    const [upstream] = await db()
      .insert(upstreams)
      .values({
        name: 'Supplier',
        baseUrl: 'http://127.0.0.1:9',
        apiKeyCiphertext: testVault.encrypt('km_test'),
      })
      .returning();
    const docked = await catalogue.product({ deliveryType: 'request', stock: 50 });
    await db()
      .update(products)
      .set({ upstreamId: upstream!.id, maxOrderQuantity: 1 })
      .where(eq(products.id, docked.id));
    await db().insert(dockedProducts).values({
      productId: docked.id,
      upstreamId: upstream!.id,
      upstreamProductId: '00000000-0000-4000-8000-000000000001',
      markupBasisPoints: 0,
      markupFixedCents: 0n,
    });
    const other = await buyerWith(100);
    expectLimit(await placeOrder(other, { productId: docked.id, quantity: 2 }), {
      name: 'product_order_quantity',
      max: 1,
      used: 0,
      resetsAt: null,
    });
    expect(await bucketsOf(db(), other.user.id)).toEqual({ balance: 10000n, profit: 0n });
    expect(await ledgerOf(db(), other.user.id, 'purchase')).toHaveLength(0);
  });

  it('answers 404 for an unknown product’s allowance', async () => {
    const buyer = await buyerWith(0);
    const response = await buyer.inject({
      method: 'GET',
      url: '/api/users/me/limits?productId=00000000-0000-4000-8000-000000000000',
    });
    expectError(response, 404, 'not_found');
  });
});

// PGlite has one connection: requests queue and a race proves nothing there.
describe.skipIf(!onPostgres)('purchase limits under concurrent purchases (PostgreSQL)', () => {
  it('30 purchases at once on a cap that allows exactly 5: 5 complete, 25 refused, money exact', async () => {
    const buyer = await buyerWith(1000);
    await limitsSet(admin, buyer.user.id, { dailySpendCap: 50, maxOrderQuantity: null });
    const product = await catalogue.product({ keys: 40 });

    const responses = await Promise.all(
      Array.from({ length: 30 }, () => placeOrder(buyer, { productId: product.id, quantity: 1 })),
    );

    const completed = responses.filter((r) => r.statusCode === 201);
    expect(completed, responses.map((r) => r.statusCode).join()).toHaveLength(5);
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expectError(refused, 409, 'limit_exceeded');
    }
    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 95000n, profit: 0n });
    expect(await ledgerOf(db(), buyer.user.id, 'purchase')).toHaveLength(5);
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(5);
    expect(await unsoldKeysOf(db(), product.id)).toBe(35);
    await expectLedgerInvariants(db());
  });

  it('30 purchases at once of a product allowing 5 a day: exactly 5 units sold to the buyer', async () => {
    const buyer = await buyerWith(1000);
    const product = await catalogue.product({ keys: 40 });
    await db().update(products).set({ maxDailyQuantity: 5 }).where(eq(products.id, product.id));

    const responses = await Promise.all(
      Array.from({ length: 30 }, () => placeOrder(buyer, { productId: product.id, quantity: 1 })),
    );

    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expectError(refused, 409, 'limit_exceeded');
    }
    expect(await bucketsOf(db(), buyer.user.id)).toEqual({ balance: 95000n, profit: 0n });
    expect(await unsoldKeysOf(db(), product.id)).toBe(35);
    await expectLedgerInvariants(db());
  });
});
