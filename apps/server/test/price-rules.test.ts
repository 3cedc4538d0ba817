import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { priceRuleMessages, type PriceRule } from '@keymarket/contracts/price-rules';
import { products } from '../src/db/schema/index';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { balanceOf, deposit, placedOrder, queryRows } from './helpers/money';

/**
 * Standing price rules (docs/adr/0071-standing-price-rules.md): a seller's invitees pay its cost
 * plus its markup, after a manager package and a hand-set price, before the product's reseller
 * price, never below the seller's cost; through the cached whole-catalogue list and POST /orders.
 */
const { ctx, catalogue, admin, db } = useCatalogueApp();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** admin → manager → reseller: the manager prices the reseller. Fresh for each test. */
async function chain() {
  const manager = await ctx.factory.signedIn('manager', admin.user);
  const reseller = await ctx.factory.signedIn('reseller', manager.user);
  return { manager, reseller };
}

/** The product as `user` sees it in the whole-catalogue list (GET /products, cached). */
async function seen(user: SignedInUser, productId: string) {
  const res = await user.inject({ method: 'GET', url: '/api/products?limit=10000' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Product[] }>().data.find((p) => p.id === productId)!;
}

const setRule = (user: SignedInUser, categoryId: string | null, markupPercent: unknown) =>
  user.inject({ method: 'PUT', url: '/api/price-rules', payload: { categoryId, markupPercent } });

async function ruleSet(user: SignedInUser, categoryId: string | null, markupPercent: number) {
  const res = await setRule(user, categoryId, markupPercent);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PriceRule>();
}

const rulesOf = async (user: SignedInUser) =>
  (await user.inject({ method: 'GET', url: '/api/price-rules' })).json<{ data: PriceRule[] }>()
    .data;

const setSellingPrice = (user: SignedInUser, productId: string, resellerPrice: number) =>
  user.inject({
    method: 'PATCH',
    url: `/api/products/${productId}/update-role-price`,
    payload: { resellerPrice },
  });

const clearSellingPrice = (user: SignedInUser, productId: string) =>
  user.inject({ method: 'DELETE', url: `/api/products/${productId}/seller-price` });

/** Two products (manager price 8.00, reseller 10.00) in one new category, a third in another. */
async function products3() {
  const p = await catalogue.product({ keys: 10 });
  const q = await catalogue.product({ keys: 10 });
  await db().update(products).set({ categoryId: p.categoryId }).where(eq(products.id, q.id));
  const other = await catalogue.product({ keys: 10 });
  return { p, q, other, categoryId: p.categoryId };
}

describe('a standing rule prices the invitees', () => {
  it("applies the seller's cost plus the markup, rounded to the nearest cent", async () => {
    const { manager, reseller } = await chain();
    const { p } = await products3();
    expect(await seen(reseller, p.id)).toMatchObject({ price: 10 });
    expect(await seen(manager, p.id)).toMatchObject({
      sellingPrice: 10,
      sellingPriceSource: 'default',
    });

    // 8.00 × 1.1234 = 8.9872 → 8.99.
    const rule = await ruleSet(manager, null, 12.34);
    expect(rule).toMatchObject({ categoryId: null, markupPercent: 12.34 });
    expect(await seen(reseller, p.id)).toMatchObject({ price: 8.99 });
    expect(await seen(manager, p.id)).toMatchObject({
      price: 8,
      sellingPrice: 8.99,
      sellingPriceSource: 'rule',
    });
    // The reseller's own list is a different chain: it sells at the reseller price by default.
    expect(await seen(reseller, p.id)).toMatchObject({ sellingPriceSource: 'default' });
  });

  it('applies to a product added after the rule', async () => {
    const { manager, reseller } = await chain();
    await ruleSet(manager, null, 50);
    const later = await catalogue.product({ name: 'Added later' });
    expect(await seen(reseller, later.id)).toMatchObject({ price: 12 });
  });

  it("lets a category's rule beat the everything rule, in that category only", async () => {
    const { manager, reseller } = await chain();
    const { p, q, other, categoryId } = await products3();
    await ruleSet(manager, null, 10);
    await ruleSet(manager, categoryId, 50);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 12 });
    expect(await seen(reseller, q.id)).toMatchObject({ price: 12 });
    expect(await seen(reseller, other.id)).toMatchObject({ price: 8.8 });
    // Without the everything rule, the other category falls back to the reseller price.
    const everything = (await rulesOf(manager)).find((r) => r.categoryId === null)!;
    const removed = await manager.inject({
      method: 'DELETE',
      url: `/api/price-rules/${everything.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await seen(reseller, other.id)).toMatchObject({ price: 10 });
    expect(await seen(reseller, p.id)).toMatchObject({ price: 12 });
  });

  it('yields to a hand-set price, and applies again once that price is cleared', async () => {
    const { manager, reseller } = await chain();
    const { p } = await products3();
    await ruleSet(manager, null, 50);
    expect((await setSellingPrice(manager, p.id, 11)).statusCode).toBe(200);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 11 });
    expect(await seen(manager, p.id)).toMatchObject({
      sellingPrice: 11,
      sellingPriceSource: 'hand_set',
    });

    const cleared = await clearSellingPrice(manager, p.id);
    expect(cleared.statusCode, cleared.body).toBe(204);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 12 });
    expect(await seen(manager, p.id)).toMatchObject({
      sellingPrice: 12,
      sellingPriceSource: 'rule',
    });
    // Clearing again changes nothing; the audit log holds the one clearing.
    expect((await clearSellingPrice(manager, p.id)).statusCode).toBe(204);
    const audited = await queryRows<{ before: unknown }>(
      db(),
      sql`select before::jsonb as before from audit_log
          where actor_id = ${manager.user.id} and action = 'product.seller_price_cleared'`,
    );
    expect(audited).toEqual([{ before: { sellingPrice: 11 } }]);
  });

  it('yields to a manager package assigned to the invitee', async () => {
    const { manager, reseller } = await chain();
    const { p } = await products3();
    await ruleSet(manager, null, 50);
    const pkg = await manager.inject({
      method: 'POST',
      url: '/api/manager-packages/manager',
      payload: { name: 'Friends', products: [{ productId: p.id, resellerPrice: 9 }] },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    await manager.inject({
      method: 'POST',
      url: `/api/manager-packages/manager/assign/${reseller.user.id}`,
      payload: { packageId: pkg.json<{ id: string }>().id },
    });
    expect(await seen(reseller, p.id)).toMatchObject({ price: 9 });
  });

  it("is never below the seller's cost: 0 % charges exactly that cost, three levels down", async () => {
    const { manager, reseller } = await chain();
    const buyer = await ctx.factory.signedIn('reseller', reseller.user);
    const { p } = await products3();
    await ruleSet(manager, null, 0);
    await ruleSet(reseller, null, 0);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 8 });
    expect(await seen(buyer, p.id)).toMatchObject({ price: 8 });
    // The manager's cost rises above what its hand-set price was: the floor, not the price.
    await ruleSet(reseller, null, 25);
    expect(await seen(buyer, p.id)).toMatchObject({ price: 10 });
    expect((await setSellingPrice(admin, p.id, 10)).statusCode).toBe(200);
    const raised = await admin.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/update-role-price`,
      payload: { managerPrice: 9.6 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    // Manager 9.60 → reseller 9.60 (0 %) → buyer 12.00 (25 % on 9.60).
    expect(await seen(buyer, p.id)).toMatchObject({ price: 12 });
  });
});

describe('an order after a rule change', () => {
  it("charges the rule's price, and the seller's profit is the markup", async () => {
    const { manager, reseller } = await chain();
    await deposit(admin, reseller.user.id, 100);
    const { p } = await products3();
    await ruleSet(manager, null, 30);
    const first = await placedOrder(reseller, p.id, 2);
    expect(first).toMatchObject({ unitPrice: 10.4, totalAmount: 20.8 });
    expect((await balanceOf(reseller)).current).toBe(79.2);
    expect((await balanceOf(manager)).profit).toBe(4.8);

    // Changed: the next order charges the new price, and records it along the chain.
    await ruleSet(manager, null, 55.5);
    const second = await placedOrder(reseller, p.id, 1);
    expect(second).toMatchObject({ unitPrice: 12.44, totalAmount: 12.44 });
    expect((await balanceOf(reseller)).current).toBe(66.76);
    expect((await balanceOf(manager)).profit).toBe(9.24);
    const [recorded] = await queryRows<{ chain: unknown }>(
      db(),
      sql`select price_chain as chain from orders where id = ${second.id}`,
    );
    expect(JSON.stringify(recorded?.chain)).toContain('1244');
  });
});

describe('the cached catalogue list', () => {
  it('changes when a rule is set, changed or deleted', async () => {
    const { manager, reseller } = await chain();
    const { p } = await products3();
    expect(await seen(reseller, p.id)).toMatchObject({ price: 10 });
    expect(await seen(reseller, p.id)).toMatchObject({ price: 10 });
    const rule = await ruleSet(manager, p.categoryId, 20);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 9.6 });
    await ruleSet(manager, p.categoryId, 40);
    expect(await seen(reseller, p.id)).toMatchObject({ price: 11.2 });
    await manager.inject({ method: 'DELETE', url: `/api/price-rules/${rule.id}` });
    expect(await seen(reseller, p.id)).toMatchObject({ price: 10 });
  });
});

describe('GET, PUT and DELETE /price-rules', () => {
  it("lists the caller's rules, the everything rule first, one per category", async () => {
    const { manager, reseller } = await chain();
    const { categoryId } = await products3();
    await ruleSet(manager, categoryId, 5);
    await ruleSet(manager, null, 7.5);
    await ruleSet(manager, categoryId, 6.25);
    expect(await rulesOf(manager)).toEqual([
      expect.objectContaining({ categoryId: null, markupPercent: 7.5 }),
      expect.objectContaining({ categoryId, markupPercent: 6.25 }),
    ]);
    expect(await rulesOf(reseller)).toEqual([]);
    const audited = await queryRows<{ before: unknown; after: unknown }>(
      db(),
      sql`select before::jsonb as before, after::jsonb as after from audit_log
          where actor_id = ${manager.user.id} and action = 'user.price_rule_set' order by id`,
    );
    expect(audited.at(-1)).toEqual({
      before: { categoryId, markupPercent: 5 },
      after: { categoryId, markupPercent: 6.25 },
    });
  });

  it('refuses a markup out of range, with more than 2 decimals, or not a number', async () => {
    const { manager } = await chain();
    for (const [markup, message] of [
      [1000.01, priceRuleMessages.markupRange],
      [-1, priceRuleMessages.markupRange],
      [12.345, priceRuleMessages.markupDecimals],
      ['10', priceRuleMessages.markupNumber],
    ] as const) {
      expectValidation(await setRule(manager, null, markup), 'body.markupPercent', message);
    }
    expect((await setRule(manager, null, 1000)).statusCode).toBe(200);
    expectValidation(
      await manager.inject({
        method: 'PUT',
        url: '/api/price-rules',
        payload: { markupPercent: 5 },
      }),
      'body.categoryId',
    );
    expectValidation(
      await manager.inject({
        method: 'PUT',
        url: '/api/price-rules',
        payload: { categoryId: null, markupPercent: 5, sellerId: UNKNOWN },
      }),
      'body.sellerId',
    );
    expect(await rulesOf(manager)).toEqual([expect.objectContaining({ markupPercent: 1000 })]);
  });

  it('refuses a category that does not exist', async () => {
    const { manager } = await chain();
    expectError(await setRule(manager, UNKNOWN, 10), 404, 'not_found', messages.categoryNotFound);
    expect(await rulesOf(manager)).toEqual([]);
  });

  it('refuses administrators, who price through the products', async () => {
    expectError(await setRule(admin, null, 10), 403, 'forbidden');
    expectError(await admin.inject({ method: 'GET', url: '/api/price-rules' }), 403, 'forbidden');
    expectError(
      await admin.inject({ method: 'DELETE', url: `/api/price-rules/${UNKNOWN}` }),
      403,
      'forbidden',
    );
    const { p } = await products3();
    expectError(await clearSellingPrice(admin, p.id), 403, 'forbidden');
  });

  it("answers another seller's rule as one that does not exist", async () => {
    const { manager, reseller } = await chain();
    const rule = await ruleSet(manager, null, 10);
    expectError(
      await reseller.inject({ method: 'DELETE', url: `/api/price-rules/${rule.id}` }),
      404,
      'not_found',
    );
    expectError(
      await manager.inject({ method: 'DELETE', url: `/api/price-rules/${UNKNOWN}` }),
      404,
      'not_found',
    );
    expectValidation(
      await manager.inject({ method: 'DELETE', url: '/api/price-rules/not-an-id' }),
      'params.id',
    );
    expect(await rulesOf(manager)).toHaveLength(1);
  });

  it('refuses to clear the price of a product that does not exist', async () => {
    const { manager } = await chain();
    expectError(
      await clearSellingPrice(manager, UNKNOWN),
      404,
      'not_found',
      messages.productNotFound,
    );
  });
});
