import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { products, sellerPrices } from '../src/db/schema/index';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';
import type { ManagerPackage, Package } from '@keymarket/contracts/packages';

const { ctx, catalogue, admin } = useCatalogueApp();
/** admin → manager → resellerA → resellerB, and adminReseller invited by the admin. */
const manager = useSignedIn(ctx, 'manager', admin);
const resellerA = useSignedIn(ctx, 'reseller', manager);
const resellerB = useSignedIn(ctx, 'reseller', resellerA);
const adminReseller = useSignedIn(ctx, 'reseller', admin);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The product as `user` sees it in GET /products. */
async function seen(user: SignedInUser, productId: string) {
  const res = await user.inject({ method: 'GET', url: '/api/products?limit=10000' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Product[] }>().data.find((p) => p.id === productId)!;
}

const setRolePrice = (user: SignedInUser, productId: string, payload: object) =>
  user.inject({
    method: 'PATCH',
    url: `/api/products/${productId}/update-role-price`,
    payload,
  });

const bulk = (user: SignedInUser, rows: object[]) =>
  user.inject({
    method: 'PATCH',
    url: '/api/products/bulk-update-prices',
    payload: { products: rows },
  });

async function pricesOf(productId: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
  return { manager: row!.managerPriceCents, reseller: row!.resellerPriceCents };
}

describe('cost(buyer) through GET /products, three levels deep', () => {
  it('prices each member from packages, seller prices and the floor', async () => {
    // Initial 5, manager 8, reseller 10 (the factory's defaults).
    const p = await catalogue.product({ name: 'Chain P' });
    const q = await catalogue.product({ name: 'Chain Q' });

    const pkg = await admin.inject({
      method: 'POST',
      url: '/api/packages',
      payload: {
        name: 'Gold',
        products: [{ productId: p.id, managerPrice: 7, resellerPrice: 9 }],
      },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    for (const user of [manager, adminReseller]) {
      const assigned = await admin.inject({
        method: 'POST',
        url: `/api/packages/assign/${user.user.id}`,
        payload: { packageId: pkg.json<Package>().id },
      });
      expect(assigned.json()).toEqual({ userId: user.user.id, packageId: pkg.json<Package>().id });
    }

    expect((await setRolePrice(manager, p.id, { resellerPrice: 12 })).json()).toMatchObject({
      price: 7,
      sellingPrice: 12,
    });
    const mp = await manager.inject({
      method: 'POST',
      url: '/api/manager-packages/manager',
      payload: { name: 'For A', products: [{ productId: p.id, resellerPrice: 11 }] },
    });
    expect(mp.statusCode, mp.body).toBe(201);
    await manager.inject({
      method: 'POST',
      url: `/api/manager-packages/manager/assign/${resellerA.user.id}`,
      payload: { packageId: mp.json<ManagerPackage>().id },
    });
    expect((await setRolePrice(resellerA, p.id, { resellerPrice: 13 })).statusCode).toBe(200);

    expect(await seen(manager, p.id)).toMatchObject({ price: 7, sellingPrice: 12 });
    expect(await seen(resellerA, p.id)).toMatchObject({ price: 11, sellingPrice: 13 });
    expect(await seen(resellerB, p.id)).toMatchObject({ price: 13, sellingPrice: 13 });
    expect(await seen(adminReseller, p.id)).toMatchObject({ price: 9, sellingPrice: 10 });
    // Q has no package or seller price: the product's own prices, down the chain.
    expect(await seen(manager, q.id)).toMatchObject({ price: 8, sellingPrice: 10 });
    expect(await seen(resellerA, q.id)).toMatchObject({ price: 10 });
    expect(await seen(resellerB, q.id)).toMatchObject({ price: 10 });
    expect(await seen(admin, p.id)).toMatchObject({
      price: 5,
      initialPrice: 5,
      managerPrice: 8,
      resellerPrice: 10,
    });

    // The manager raises A's package price above A's own selling price: B is floored at A's cost.
    const raised = await manager.inject({
      method: 'PATCH',
      url: `/api/manager-packages/manager/${mp.json<ManagerPackage>().id}/products/${p.id}/price`,
      payload: { resellerPrice: 14 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await seen(resellerA, p.id)).toMatchObject({ price: 14, sellingPrice: 14 });
    expect(await seen(resellerB, p.id)).toMatchObject({ price: 14 });

    // The floor through a seller price: the manager sells Q at 9, then its own cost rises to 9.5.
    await setRolePrice(manager, q.id, { resellerPrice: 9 });
    expect(await seen(resellerA, q.id)).toMatchObject({ price: 9 });
    await setRolePrice(admin, q.id, { managerPrice: 9.5 });
    expect(await seen(manager, q.id)).toMatchObject({ price: 9.5, sellingPrice: 9.5 });
    expect(await seen(resellerA, q.id)).toMatchObject({ price: 9.5 });
    expect(await seen(resellerB, q.id)).toMatchObject({ price: 10 });

    // What the list says is what an order charges.
    await admin.inject({
      method: 'POST',
      url: `/api/balance/${resellerB.user.id}/add`,
      payload: { amount: 100 },
    });
    await catalogue.addKeys(p.id, 1);
    const order = await resellerB.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { productId: p.id, quantity: 1 },
    });
    expect(order.json()).toMatchObject({ unitPrice: 14 });
  });
});

describe('PATCH /products/{id}/update-role-price', () => {
  it('admin sets the platform prices, never below the initial price', async () => {
    const product = await catalogue.product();
    const res = await setRolePrice(admin, product.id, { managerPrice: 6, resellerPrice: 7.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ managerPrice: 6, resellerPrice: 7.5, initialPrice: 5 });
    const below = await setRolePrice(admin, product.id, { resellerPrice: 4.99 });
    const body = expectError(below, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details?.[0]?.path).toBe('body.resellerPrice');
    expect(await pricesOf(product.id)).toEqual({ manager: 600n, reseller: 750n });
  });

  it('a manager or reseller sets its own selling price, not below its own cost', async () => {
    const product = await catalogue.product();
    const ok = await setRolePrice(resellerA, product.id, { resellerPrice: 10.5 });
    expect(ok.json()).toMatchObject({ price: 10, sellingPrice: 10.5 });
    for (const key of ['initialPrice', 'managerPrice', 'resellerPrice']) {
      expect(ok.json()).not.toHaveProperty(key);
    }
    expectError(
      await setRolePrice(resellerA, product.id, { resellerPrice: 9.99 }),
      400,
      'price_below_cost',
      messages.sellingBelowCost,
    );
    expectError(
      await setRolePrice(manager, product.id, { resellerPrice: 7.99 }),
      400,
      'price_below_cost',
    );
    // Its own selling price only: the product's prices are untouched.
    expect(await pricesOf(product.id)).toEqual({ manager: 800n, reseller: 1000n });
    const rows = await ctx.database.db
      .select()
      .from(sellerPrices)
      .where(eq(sellerPrices.productId, product.id));
    expect(rows).toEqual([
      expect.objectContaining({ sellerId: resellerA.user.id, priceCents: 1050n }),
    ]);
  });

  it('refuses a managerPrice from a manager or reseller (403) and validates amounts', async () => {
    const product = await catalogue.product();
    for (const user of [manager, resellerA]) {
      expectError(
        await setRolePrice(user, product.id, { managerPrice: 9, resellerPrice: 12 }),
        403,
        'forbidden',
      );
    }
    expectValidation(await setRolePrice(admin, product.id, {}), 'body');
    expectValidation(
      await setRolePrice(admin, product.id, { managerPrice: 8.123 }),
      'body.managerPrice',
    );
    expectValidation(
      await setRolePrice(admin, product.id, { managerPrice: '8' }),
      'body.managerPrice',
    );
    expectError(await setRolePrice(admin, UNKNOWN, { managerPrice: 8 }), 404, 'not_found');
    expect(await pricesOf(product.id)).toEqual({ manager: 800n, reseller: 1000n });
  });
});

describe('PATCH /products/bulk-update-prices', () => {
  it('admin adds signed amounts to product prices', async () => {
    const a = await catalogue.product();
    const b = await catalogue.product();
    const res = await bulk(admin, [
      { productId: a.id, managerPrice: 1.5, resellerPrice: -2 },
      { productId: b.id, resellerPrice: 0.25 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await pricesOf(a.id)).toEqual({ manager: 950n, reseller: 800n });
    expect(await pricesOf(b.id)).toEqual({ manager: 800n, reseller: 1025n });
  });

  it('changes nothing when one row would go below cost, and names it', async () => {
    const a = await catalogue.product();
    const b = await catalogue.product();
    const res = await bulk(admin, [
      { productId: a.id, managerPrice: 1 },
      { productId: b.id, managerPrice: -3.01 },
    ]);
    const body = expectError(res, 400, 'price_below_cost', messages.sellingBelowCost);
    expect(body.details).toEqual([
      { path: 'body.products.1.managerPrice', message: expect.stringContaining(b.id) as string },
    ]);
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('changes nothing when a product is unknown or deleted (404 naming it)', async () => {
    const a = await catalogue.product();
    const gone = await catalogue.product();
    await ctx.database.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.id, gone.id));
    const res = await bulk(admin, [
      { productId: a.id, managerPrice: 1 },
      { productId: gone.id, managerPrice: 1 },
      { productId: UNKNOWN, managerPrice: 1 },
    ]);
    const body = expectError(res, 404, 'not_found');
    expect(body.details?.map((d) => d.path)).toEqual([
      'body.products.1.productId',
      'body.products.2.productId',
    ]);
    expect(body.details?.[1]?.message).toContain(UNKNOWN);
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('a seller shifts its own selling prices from its current ones, all or nothing', async () => {
    const a = await catalogue.product();
    const b = await catalogue.product();
    await setRolePrice(resellerA, a.id, { resellerPrice: 12 });
    const ok = await bulk(resellerA, [
      { productId: a.id, resellerPrice: 1 },
      { productId: b.id, resellerPrice: 0.5 },
    ]);
    expect(ok.json()).toEqual({ updated: 2 });
    expect(await seen(resellerA, a.id)).toMatchObject({ sellingPrice: 13 });
    expect(await seen(resellerA, b.id)).toMatchObject({ sellingPrice: 10.5 });

    const refused = await bulk(resellerA, [
      { productId: a.id, resellerPrice: 5 },
      { productId: b.id, resellerPrice: -0.51 },
    ]);
    const body = expectError(refused, 400, 'price_below_cost');
    expect(body.details?.[0]?.message).toContain(b.id);
    expect(await seen(resellerA, a.id)).toMatchObject({ sellingPrice: 13 });
    expect(await seen(resellerA, b.id)).toMatchObject({ sellingPrice: 10.5 });
  });

  it('refuses manager price deltas from non-admins, repeated products and empty rows', async () => {
    const a = await catalogue.product();
    expectError(await bulk(resellerA, [{ productId: a.id, managerPrice: 1 }]), 403, 'forbidden');
    expectValidation(
      await bulk(admin, [
        { productId: a.id, managerPrice: 1 },
        { productId: a.id, managerPrice: 1 },
      ]),
      'body.products.1.productId',
    );
    expectValidation(await bulk(admin, [{ productId: a.id }]), 'body.products.0');
    expectValidation(await bulk(admin, []), 'body.products');
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('refuses a change of 0, or of an amount that rounds to 0 cents, instead of answering it as done', async () => {
    const a = await catalogue.product();
    expectValidation(
      await bulk(admin, [{ productId: a.id, managerPrice: 0, resellerPrice: 0 }]),
      'body.products.0',
      'Enter a price change',
    );
    expectValidation(
      await bulk(resellerA, [{ productId: a.id, resellerPrice: 0 }]),
      'body.products.0',
    );
    for (const tiny of [1e-9, -1e-9]) {
      expectValidation(
        await bulk(admin, [{ productId: a.id, managerPrice: tiny }]),
        'body.products.0.managerPrice',
        messages.amountDecimals,
      );
    }
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });

  it('refuses a role price that rounds to 0 cents', async () => {
    const a = await catalogue.product();
    expectValidation(
      await setRolePrice(admin, a.id, { managerPrice: 1e-9 }),
      'body.managerPrice',
      messages.amountDecimals,
    );
    expect(await pricesOf(a.id)).toEqual({ manager: 800n, reseller: 1000n });
  });
});
