import { describe, expect, it } from 'vitest';
import type { ProductList, Product } from '@keymarket/contracts/catalogue';
import type { Order } from '@keymarket/contracts/orders';
import { MAINTENANCE_TEXT } from '@keymarket/contracts/system-settings';
import { createdKey, keyClient, keyOf, type KeyClient } from './helpers/api-keys';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  bucketsOf,
  deliveryLines,
  deposit,
  fundedReseller as fundedResellerOf,
  ledgerOf,
  placeOrder,
  respond,
  stockOf,
} from './helpers/money';

const { ctx, catalogue, admin, db } = useCatalogueApp();
const fundedReseller = (amount: number) => fundedResellerOf(ctx.factory, admin, amount);

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_KEY = 'This API key is not valid or has been revoked';

function v1Order(client: KeyClient, payload: unknown, idempotencyKey: string | null = newKey()) {
  return client.inject({
    method: 'POST',
    url: '/api/v1/orders',
    payload: payload as object,
    headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
  });
}
let counter = 0;
const newKey = () => `order-${Date.now()}-${++counter}`;

describe('/api/v1 authentication', () => {
  it('refuses a call without a key, with a malformed key and with an unknown one', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/balance' }),
      401,
      'unauthorized',
      'Send your API key in the Authorization header: Authorization: Bearer km_… (cookies are not read under /api/v1)',
    );
    for (const authorization of [
      'Bearer nope',
      `Bearer km_${'a'.repeat(39)}`,
      `Bearer km_${'a'.repeat(40)}`,
    ]) {
      expectError(
        await ctx.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization } }),
        401,
        'unauthorized',
        UNKNOWN_KEY,
      );
    }
    expectError(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/balance',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      }),
      401,
      'unauthorized',
    );
  });

  it('does not read cookies: a signed-in session alone is refused', async () => {
    const reseller = await fundedReseller(0);
    expect((await reseller.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expectError(
      await reseller.inject({ method: 'GET', url: '/api/v1/balance' }),
      401,
      'unauthorized',
    );
    expectError(
      await reseller.inject({
        method: 'POST',
        url: '/api/v1/orders',
        payload: { productId: ANY_ID, quantity: 1 },
        headers: { 'idempotency-key': newKey() },
      }),
      401,
      'unauthorized',
    );
  });

  it("refuses a banned or suspended owner's key as sign-in does, and takes it again once active", async () => {
    const reseller = await fundedReseller(0);
    const client = await keyOf(ctx.app, reseller);
    expect((await client.inject({ method: 'GET', url: '/api/v1/balance' })).statusCode).toBe(200);

    const ban = await admin.inject({
      method: 'POST',
      url: `/api/users/ban-user/${reseller.user.id}`,
      payload: { reason: 'Chargebacks' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const banned = expectError(
      await client.inject({ method: 'GET', url: '/api/v1/balance' }),
      403,
      'banned',
      'Your account has been banned: Chargebacks',
    );
    expect(banned.message.reason).toBe('Chargebacks');

    const suspend = await admin.inject({
      method: 'PUT',
      url: `/api/users/suspend/${reseller.user.id}`,
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expectError(await client.inject({ method: 'GET', url: '/api/v1/products' }), 403, 'inactive');

    await admin.inject({ method: 'PUT', url: `/api/users/activate/${reseller.user.id}` });
    expect((await client.inject({ method: 'GET', url: '/api/v1/balance' })).statusCode).toBe(200);
  });

  it('answers 503 during maintenance, except to an administrator', async () => {
    const reseller = await fundedReseller(0);
    const client = await keyOf(ctx.app, reseller);
    const adminClient = await keyOf(ctx.app, admin);
    const setMaintenance = (on: boolean) =>
      admin.inject({
        method: 'PUT',
        url: '/api/system-settings',
        payload: { maintenanceMode: on },
      });
    expect((await setMaintenance(true)).statusCode).toBe(200);
    try {
      expectError(
        await client.inject({ method: 'GET', url: '/api/v1/products' }),
        503,
        'maintenance',
        MAINTENANCE_TEXT,
      );
      expectError(await v1Order(client, { productId: ANY_ID, quantity: 1 }), 503, 'maintenance');
      expect(
        (await adminClient.inject({ method: 'GET', url: '/api/v1/products' })).statusCode,
      ).toBe(200);
    } finally {
      await setMaintenance(false);
    }
    expect((await client.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
  });
});

describe('/api/v1 products and balance', () => {
  it("lists live products at the owner's price with stockQuantity, paginated, searched and filtered", async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const client = await keyOf(ctx.app, manager);
    const wanted = await catalogue.product({ name: 'Zephyr Gift Card', keys: 3 });
    await catalogue.product({ name: 'Zephyr Other' });

    const searched = await client.inject({
      method: 'GET',
      url: '/api/v1/products?search=zephyr%20gift',
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const list = searched.json<ProductList>();
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(list.data).toHaveLength(1);
    // A manager pays the manager price ($8) and sees its selling price, not the platform's cost.
    expect(list.data[0]).toMatchObject({ id: wanted.id, price: 8, stockQuantity: 3 });
    expect(list.data[0]).not.toHaveProperty('initialPrice');

    const byCategory = await client.inject({
      method: 'GET',
      url: `/api/v1/products?categoryId=${wanted.categoryId}`,
    });
    expect(byCategory.json<ProductList>().data.map((p) => p.id)).toEqual([wanted.id]);

    const paged = await client.inject({ method: 'GET', url: '/api/v1/products?limit=1&page=2' });
    expect(paged.json<ProductList>().pagination).toMatchObject({ page: 2, limit: 1 });
    expect(paged.json<ProductList>().data).toHaveLength(1);

    expectValidation(
      await client.inject({ method: 'GET', url: '/api/v1/products?limit=101' }),
      'querystring.limit',
    );

    const one = await client.inject({ method: 'GET', url: `/api/v1/products/${wanted.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Product>()).toMatchObject({ id: wanted.id, price: 8, stockQuantity: 3 });
    expectError(
      await client.inject({ method: 'GET', url: `/api/v1/products/${ANY_ID}` }),
      404,
      'not_found',
      'Product not found',
    );
  });

  it('answers the balance and profit in USD', async () => {
    const reseller = await fundedReseller(42.5);
    const client = await keyOf(ctx.app, reseller);
    const response = await client.inject({ method: 'GET', url: '/api/v1/balance' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ balance: 42.5, profit: 0 });
  });
});

describe('/api/v1 orders', () => {
  it('moves money exactly as the web route does, through the same path', async () => {
    // Two buyers priced by the same seller: one orders in the web app, one through the API.
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const [webBuyer, apiBuyer] = await Promise.all([
      ctx.factory.signedIn('reseller', manager.user),
      ctx.factory.signedIn('reseller', manager.user),
    ]);
    await deposit(admin, webBuyer.user.id, 100);
    await deposit(admin, apiBuyer.user.id, 100);
    const product = await catalogue.product({ keys: 6 });
    const client = await keyOf(ctx.app, apiBuyer);

    const web = await placeOrder(
      webBuyer,
      { productId: product.id, quantity: 2, notes: 'n' },
      newKey(),
    );
    const api = await v1Order(client, { productId: product.id, quantity: 2, notes: 'n' });

    expect(web.statusCode, web.body).toBe(201);
    expect(api.statusCode, api.body).toBe(201);
    const [webOrder, apiOrder] = [web.json<Order>(), api.json<Order>()];
    const comparable = (order: Order) => ({
      ...order,
      id: undefined,
      buyer: undefined,
      createdAt: undefined,
      deliveredAt: undefined,
      responseKeys: order.responseKeys?.length,
    });
    expect(comparable(apiOrder)).toEqual(comparable(webOrder));
    expect(apiOrder).toMatchObject({
      status: 'completed',
      quantity: 2,
      buyer: { id: apiBuyer.user.id },
    });
    expect(new Set([...webOrder.responseKeys!, ...apiOrder.responseKeys!]).size).toBe(4);

    expect(await bucketsOf(db(), apiBuyer.user.id)).toEqual(
      await bucketsOf(db(), webBuyer.user.id),
    );
    const rowsOf = async (user: SignedInUser) =>
      (await ledgerOf(db(), user.user.id)).map((r) => [r.bucket, r.kind, r.amountCents]);
    expect(await rowsOf(apiBuyer)).toEqual(await rowsOf(webBuyer));
    // The seller earned the same margin on each.
    const profits = await ledgerOf(db(), manager.user.id, 'profit');
    expect(profits.map((r) => [r.orderId, r.amountCents])).toEqual([
      [webOrder.id, profits[0]!.amountCents],
      [apiOrder.id, profits[0]!.amountCents],
    ]);
    expect(await stockOf(db(), product.id)).toBe(2);
    await expectLedgerInvariants(db());
  });

  it('requires an Idempotency-Key and replays the first answer for a repeated one', async () => {
    const buyer = await fundedReseller(50);
    const client = await keyOf(ctx.app, buyer);
    const product = await catalogue.product({ keys: 5 });

    expectValidation(
      await v1Order(client, { productId: product.id, quantity: 1 }, null),
      'headers.idempotency-key',
      'Send an Idempotency-Key header (any unique string, e.g. a UUID) so a retried order is placed once',
    );
    expectValidation(
      await v1Order(client, { productId: product.id, quantity: 1 }, '  '),
      'headers.idempotency-key',
    );
    expect(await bucketsOf(db(), buyer.user.id)).toMatchObject({ balance: 5000n });

    const key = newKey();
    const first = await v1Order(client, { productId: product.id, quantity: 1 }, key);
    const again = await v1Order(client, { productId: product.id, quantity: 1 }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Order>()).toEqual(first.json<Order>());
    expect(await bucketsOf(db(), buyer.user.id)).toMatchObject({ balance: 4000n });

    expectError(
      await v1Order(client, { productId: product.id, quantity: 2 }, key),
      409,
      'conflict',
    );
  });

  it('refuses unknown fields and bad values with the envelope, changing nothing', async () => {
    const buyer = await fundedReseller(45);
    const client = await keyOf(ctx.app, buyer);
    const product = await catalogue.product({ keys: 5 });

    const unknown = expectError(
      await v1Order(client, { productId: product.id, quantity: 1, price: 0.01, coupon: 'x' }),
      400,
      'validation',
    );
    expect(unknown.details?.map((d) => d.path).sort()).toEqual(['body.coupon', 'body.price']);
    expectValidation(
      await v1Order(client, { productId: product.id, quantity: 0 }),
      'body.quantity',
    );
    expectError(await v1Order(client, { productId: product.id, quantity: 6 }), 409, 'out_of_stock');
    expectError(
      await v1Order(client, { productId: product.id, quantity: 5 }),
      409,
      'insufficient_balance',
    );
    expect(await bucketsOf(db(), buyer.user.id)).toMatchObject({ balance: 4500n });
    expect(await stockOf(db(), product.id)).toBe(5);
  });

  it("lists the owner's own orders only and shows keys once delivered; another's order is 404", async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const buyer = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, buyer.user.id, 100);
    const client = await keyOf(ctx.app, buyer);
    const managerClient = await keyOf(ctx.app, manager);
    const stranger = await keyOf(ctx.app, await fundedReseller(0));
    const product = await catalogue.product({ deliveryType: 'request', stock: 10 });

    const placed = await v1Order(client, { productId: product.id, quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.status).toBe('pending');
    expect(order.responseKeys ?? []).toEqual([]);

    const listed = await client.inject({ method: 'GET', url: '/api/v1/orders?status=pending' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      data: [order],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
    const completedOnly = await client.inject({
      method: 'GET',
      url: '/api/v1/orders?status=completed',
    });
    expect(completedOnly.json<{ data: Order[] }>().data).toEqual([]);

    // Its seller sees it in the web app, but the API answers own purchases only.
    expect(
      (await manager.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode,
    ).toBe(200);
    for (const other of [managerClient, stranger]) {
      expectError(
        await other.inject({ method: 'GET', url: `/api/v1/orders/${order.id}` }),
        404,
        'not_found',
        'Order not found',
      );
      expect(
        (await other.inject({ method: 'GET', url: '/api/v1/orders' })).json<{ data: Order[] }>()
          .data,
      ).toEqual([]);
    }

    const delivered = await respond(admin, order.id, {
      status: 'completed',
      keys: deliveryLines(2, 'CODE'),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const read = await client.inject({ method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Order>()).toMatchObject({
      status: 'completed',
      responseKeys: ['CODE-1', 'CODE-2'],
    });
  });

  it("refuses an administrator's order as the web route does", async () => {
    const client = await keyOf(ctx.app, admin);
    const product = await catalogue.product({ keys: 1 });
    expectError(
      await v1Order(client, { productId: product.id, quantity: 1 }),
      403,
      'forbidden',
      'Administrators cannot place orders',
    );
  });
});

describe('/api/v1 rate limit', () => {
  it('counts calls per key and answers 429 with Retry-After and RateLimit-* headers', async () => {
    const limited = await import('./helpers/test-app').then((m) =>
      m.createTestApp({ API_RATE_LIMIT: '3' }),
    );
    try {
      const owner = await limited.factory.signedIn('reseller');
      const first = keyClient(limited.app, (await createdKey(owner, 'First')).key);
      const second = keyClient(limited.app, (await createdKey(owner, 'Second')).key);
      const call = (client: KeyClient) => client.inject({ method: 'GET', url: '/api/v1/balance' });

      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await call(first);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['ratelimit-limit']).toBe('3');
        expect(response.headers['ratelimit-policy']).toBe('3;w=60');
        remaining.push(String(response.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);

      const refused = await call(first);
      expectError(refused, 429, 'rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.headers['ratelimit-reset']).toBe(String(retryAfter));

      // The limit is the key's, not its owner's.
      expect((await call(second)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
