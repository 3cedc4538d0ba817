import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpSession } from './helpers/server-process';
import { Platform, type Body } from './helpers/platforms';

/**
 * Supply from upstream (DESIGN.md §14) between two real platforms on loopback, each a server
 * process with its own database: the downstream docks the upstream's products and buys there per
 * order, with the local order's id as the Idempotency-Key.
 */
describe('docking products from another Keymarket', () => {
  let upstream: Platform;
  let downstream: Platform;
  /** The downstream platform's account at the upstream. */
  let account: { id: string; session: HttpSession };
  let apiKey: string;
  let upstreamId: string;
  let categoryId: string;

  beforeAll(async () => {
    [upstream, downstream] = await Promise.all([
      Platform.start(),
      // A purchase's retries 3 s apart, doubling: they outlast an upstream's restart under load.
      Platform.start({ UPSTREAM_SYNC_INTERVAL_MS: '86400000', WEBHOOK_RETRY_BASE_MS: '3000' }),
    ]);
    const created = await upstream.reseller(100);
    account = created;
    apiKey = await upstream.apiKey(created.session);
    const added = await downstream.call(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Supplier A',
      baseUrl: upstream.server.url,
      apiKey,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    upstreamId = added.body.id!;
    // Its events off at the supplier (and no sync in these tests' time): what changes there is
    // learned only when an order is bought there, as these tests' refusals need.
    const hooks = await upstream.ok(account.session, 'GET', '/api/webhooks');
    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${(hooks.data as Body[])[0]!.id}`, {
      enabled: false,
    });
    categoryId = await downstream.category();
  }, 420_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose()]);
  });

  /** Docks an upstream product with a 10 % markup; answers the local product's id. */
  async function dock(upstreamProductId: string, markupPercent = 10, markupFixed = 0) {
    const answer = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${upstreamId}/products`,
      {
        upstreamProductIds: [upstreamProductId],
        categoryId,
        markupPercent,
        markupFixed,
      },
    );
    return (answer.docked as { productId: string }[])[0]!.productId;
  }

  async function expectBothReconciled() {
    for (const platform of [upstream, downstream]) {
      const result = await platform.reconciliation();
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    }
  }

  it('adds the upstream with its key sealed, and reads its balance there', async () => {
    const list = await downstream.ok(downstream.admin, 'GET', '/api/upstreams');
    const [row] = list.data as Body[];
    expect(row).toMatchObject({ name: 'Supplier A', status: 'ok', balance: 100, lastError: null });
    expect(JSON.stringify(list)).not.toContain(apiKey);
    const tested = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${upstreamId}/test`,
    );
    expect(tested).toEqual({ ok: true, balance: 100, error: null });
    expect(downstream.server.log).not.toContain(apiKey);
  });

  it('refuses a bad key, a bad address, and other roles', async () => {
    const badUrl = await downstream.call(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Bad',
      baseUrl: 'ftp://127.0.0.1/',
      apiKey,
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message?.type).toBe('validation');
    const unknownField = await downstream.call(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Bad',
      baseUrl: upstream.server.url,
      apiKey,
      secret: 1,
    });
    expect(unknownField.status).toBe(400);
    const reseller = await downstream.reseller(0);
    const refused = await downstream.call(reseller.session, 'GET', '/api/upstreams');
    expect(refused.status).toBe(403);
  });

  it('browses the catalogue at our price there and docks with a markup, never below cost', async () => {
    const product = await upstream.product(5, 3);
    const page = await downstream.ok(
      downstream.admin,
      'GET',
      `/api/upstreams/${upstreamId}/catalogue?limit=100`,
    );
    const item = (page.data as Body[]).find((i) => i.upstreamProductId === product.id);
    expect(item).toMatchObject({ price: 5, stockQuantity: 3, productId: null });

    const productId = await dock(product.id, 10, 0.25);
    const list = await downstream.ok(downstream.admin, 'GET', '/api/products?limit=10000');
    const local = (list.data as Body[]).find((p) => p.id === productId);
    expect(local).toMatchObject({
      initialPrice: 5,
      resellerPrice: 5.75,
      managerPrice: 5.75,
      stockQuantity: 3,
      deliveryType: 'instant',
    });
    const below = await downstream.call(downstream.admin, 'PATCH', `/api/products/${productId}`, {
      resellerPrice: 4.99,
    });
    expect(below.status).toBe(400);
    expect(below.body.message?.type).toBe('price_below_cost');
    // Docking again answers the same product.
    expect(await dock(product.id)).toBe(productId);
  });

  it("sells a docked product with the upstream's keys in the same answer, both ledgers exact", async () => {
    const product = await upstream.product(5, 4);
    const productId = await dock(product.id);
    const buyer = await downstream.reseller(50);
    const before = await upstream.balanceOf(account.session);

    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 2,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.status).toBe('completed');
    // The upstream lists an order's keys by id, not in selling order.
    expect([...placed.body.responseKeys!].sort()).toEqual(product.keys.slice(0, 2).sort());
    expect(await downstream.balanceOf(buyer.session)).toBe(39);
    // Its keys may be reported: the report goes to the supplier (after-sale-upstream.test.ts).
    expect(placed.body.keyStates).toEqual(['delivered', 'delivered']);
    expect(await upstream.balanceOf(account.session)).toBe(before - 10);

    // One upstream order, its id the local order's Idempotency-Key: a retry gets the same one.
    const upstreamOrders = await upstream.ok(account.session, 'GET', '/api/orders/all?limit=100');
    const mine = (upstreamOrders.data as Body[]).filter((o) => o.productId === product.id);
    expect(mine).toHaveLength(1);
    const retried = await fetch(`${upstream.server.url}/api/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': placed.body.id!,
      },
      body: JSON.stringify({ productId: product.id, quantity: 2, maxUnitPrice: 5 }),
    });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retried.json()) as Body).id).toBe(mine[0]!.id);
    await expectBothReconciled();
  });

  it('refunds the buyer in full with the reason when the upstream is out of stock', async () => {
    const product = await upstream.product(5, 1);
    const productId = await dock(product.id);
    // Someone else buys the upstream's last key after the dock read the stock.
    const other = await upstream.reseller(10);
    await upstream.ok(other.session, 'POST', '/api/orders', { productId: product.id, quantity: 1 });
    const buyer = await downstream.reseller(20);

    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('rejected');
    expect(placed.body.rejectionReason).toMatch(/out of stock at the supplier/i);
    expect(await downstream.balanceOf(buyer.session)).toBe(20);
    await expectBothReconciled();
  });

  it("refunds the buyer when the platform's balance upstream is too low", async () => {
    const product = await upstream.product(5, 2);
    const productId = await dock(product.id);
    const held = await upstream.balanceOf(account.session);
    await upstream.ok(upstream.admin, 'POST', `/api/balance/${account.id}/remove`, {
      amount: held - 1,
    });
    const buyer = await downstream.reseller(20);

    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(placed.body.status).toBe('rejected');
    expect(placed.body.rejectionReason).toMatch(/could not be paid/i);
    expect(await downstream.balanceOf(buyer.session)).toBe(20);
    await upstream.ok(upstream.admin, 'POST', `/api/balance/${account.id}/add`, {
      amount: held - 1,
    });
    await expectBothReconciled();
  });

  it('refunds the buyer when the upstream price rose above the cost it was sold at', async () => {
    const product = await upstream.product(5, 2);
    const productId = await dock(product.id);
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 6 });
    const buyer = await downstream.reseller(20);

    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(placed.body.status).toBe('rejected');
    expect(placed.body.rejectionReason).toMatch(/price rose/i);
    expect(await downstream.balanceOf(buyer.session)).toBe(20);
    await expectBothReconciled();
  });

  it('answers price_changed on /v1/orders above maxUnitPrice', async () => {
    const product = await upstream.product(5, 1);
    const answer = await upstream.call(
      account.session,
      'POST',
      '/api/orders',
      { productId: product.id, quantity: 1, maxUnitPrice: 4.99 },
      {},
    );
    // The web's own route knows no maxUnitPrice: strict bodies refuse it.
    expect(answer.status).toBe(400);
    const v1 = await fetch(`${upstream.server.url}/api/v1/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': `max-${product.id}`,
      },
      body: JSON.stringify({ productId: product.id, quantity: 1, maxUnitPrice: 4.99 }),
    });
    expect(v1.status).toBe(409);
    expect(((await v1.json()) as Body).message?.type).toBe('price_changed');
  });

  it('lists the products changed since a time on /v1/products?updatedSince=', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const product = await upstream.product(7, 1);
    await upstream.ok(upstream.admin, 'DELETE', `/api/products/${product.id}`);
    const gone = await upstream.product(8, 1);
    const answer = await fetch(
      `${upstream.server.url}/api/v1/products?updatedSince=${encodeURIComponent(since)}&limit=100`,
      { headers: { authorization: `Bearer ${apiKey}` } },
    );
    const body = (await answer.json()) as { data: Body[]; deletedIds: string[] };
    expect(answer.status).toBe(200);
    expect(body.deletedIds).toContain(product.id);
    expect(body.data.map((p) => p.id)).toContain(gone.id);
  });

  // The upstream's restart may take as long as a first start (three minutes) on a loaded machine,
  // and the purchase's next retry as long again.
  it(
    'completes a purchase made while the upstream was killed, with one upstream order',
    { timeout: 420_000 },
    async () => {
      const product = await upstream.product(5, 2);
      const productId = await dock(product.id);
      const buyer = await downstream.reseller(20);
      await upstream.server.kill();

      const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
        productId,
        quantity: 1,
      });
      expect(placed.status).toBe(201);
      expect(placed.body.status).toBe('pending');
      expect(await downstream.balanceOf(buyer.session)).toBe(14.5);

      await upstream.server.start();
      const done = await downstream.until(
        () => downstream.ok(buyer.session, 'GET', `/api/orders/${placed.body.id}`),
        (order) => order.status !== 'pending',
        200_000,
      );
      const seen = await downstream.ok(downstream.admin, 'GET', `/api/orders/${placed.body.id}`);
      expect(done.status, JSON.stringify(seen.upstream)).toBe('completed');
      expect(done.responseKeys).toEqual(product.keys.slice(0, 1));
      const upstreamOrders = await upstream.ok(account.session, 'GET', '/api/orders/all?limit=100');
      expect(
        (upstreamOrders.data as Body[]).filter((o) => o.productId === product.id),
      ).toHaveLength(1);
      await expectBothReconciled();
    },
  );

  it('lists the purchases with their supplier reference and reason; a settled one is not retried', async () => {
    const list = await downstream.ok(downstream.admin, 'GET', '/api/upstreams/purchases?limit=100');
    const rows = list.data as Body[];
    const completed = rows.filter((r) => r.status === 'completed');
    const rejected = rows.filter((r) => r.status === 'rejected');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(completed.every((r) => typeof r.upstreamOrderId === 'string')).toBe(true);
    expect(rejected.map((r) => r.lastError)).toEqual(
      expect.arrayContaining([expect.stringMatching(/out_of_stock|Only 0 left/i)]),
    );
    const retried = await downstream.call(
      downstream.admin,
      'POST',
      `/api/upstreams/purchases/${completed[0]!.orderId as string}/retry`,
    );
    expect(retried.status).toBe(409);
    const reseller = await downstream.reseller(0);
    expect(
      (await downstream.call(reseller.session, 'GET', '/api/upstreams/purchases')).status,
    ).toBe(403);
  });
});
