import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Platform, type Body } from './helpers/platforms';

/**
 * A docked product set to wait for its supplier (`onUpstreamFailure: wait`, DESIGN.md §14): a
 * refusal there leaves the order pending as a backorder, bought again on its schedule, completed
 * if the supplier comes back in time, refunded in full when its window closes; taken even when
 * the stock synced from there is zero. Set to refund (the default), the same refusal refunds at
 * once, and a stock synced to zero refuses the order before it is paid.
 */
describe('docked orders waiting for their supplier', { timeout: 150_000 }, () => {
  let upstream: Platform;
  let downstream: Platform;
  let upstreamId: string;
  let categoryId: string;

  beforeAll(async () => {
    [upstream, downstream] = await Promise.all([
      Platform.start(),
      // A backorder tried every second for 20 seconds (10 minutes and 24 hours in production).
      Platform.start({
        UPSTREAM_BACKORDER_RETRY_MS: '1000',
        UPSTREAM_BACKORDER_WINDOW_MS: '20000',
        UPSTREAM_SYNC_INTERVAL_MS: '86400000',
      }),
    ]);
    const account = await upstream.reseller(100);
    const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Supplier',
      baseUrl: upstream.server.url,
      apiKey: await upstream.apiKey(account.session),
    });
    upstreamId = added.id!;
    // Its events off at the supplier (and no sync): the sell-out there is learned only when an
    // order is bought there, else the stock synced to 0 would refuse the order here first.
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

  /** A product there with one key, docked here; its key then sold there to someone else. */
  async function soldOutThere(onUpstreamFailure?: 'refund' | 'wait') {
    const product = await upstream.product(5, 1);
    const docked = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${upstreamId}/products`,
      {
        upstreamProductIds: [product.id],
        categoryId,
        markupPercent: 10,
        markupFixed: 0,
        ...(onUpstreamFailure ? { onUpstreamFailure } : {}),
      },
    );
    const other = await upstream.reseller(20);
    await upstream.ok(other.session, 'POST', '/api/orders', { productId: product.id, quantity: 1 });
    return {
      upstreamProductId: product.id,
      productId: (docked.docked as Body[])[0]!.productId as string,
    };
  }

  async function buy(productId: string) {
    const buyer = await downstream.reseller(10);
    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(placed.status).toBe(201);
    const order = () => downstream.ok(buyer.session, 'GET', `/api/orders/${placed.body.id}`);
    return { buyer, placed: placed.body, order };
  }

  it('refunds at once when the product is set to refund', async () => {
    const { productId } = await soldOutThere();
    const { buyer, placed, order } = await buy(productId);
    const settled = await downstream.until(order, (o) => o.status !== 'pending');
    expect(placed.status === 'rejected' || settled.status === 'rejected').toBe(true);
    expect(settled.rejectionReason).toBe('Out of stock at the supplier: refunded in full');
    expect(await downstream.balanceOf(buyer.session)).toBe(10);
  });

  it('waits, then completes when the supplier has the keys again', async () => {
    const { upstreamProductId, productId } = await soldOutThere('wait');
    const { buyer, placed, order } = await buy(productId);
    expect(placed.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await order()).toMatchObject({ status: 'pending' });
    expect(await downstream.balanceOf(buyer.session)).toBe(4.5);
    const purchases = await downstream.ok(
      downstream.admin,
      'GET',
      '/api/upstreams/purchases?status=pending',
    );
    const purchase = (purchases.data as Body[]).find((p) => p.orderId === placed.id)!;
    expect(purchase.lastError).toMatch(/^Waiting for the supplier until .*out_of_stock|Waiting/);

    await upstream.ok(upstream.admin, 'POST', `/api/products/${upstreamProductId}/keys`, {
      keys: 'RESTOCKED-KEY-1',
    });
    expect(await downstream.until(order, (o) => o.status !== 'pending')).toMatchObject({
      status: 'completed',
      responseKeys: ['RESTOCKED-KEY-1'],
    });
  });

  it('refunds in full with the reason when the window closes', async () => {
    const { productId } = await soldOutThere();
    await downstream.ok(downstream.admin, 'PATCH', `/api/upstreams/docked-products/${productId}`, {
      onUpstreamFailure: 'wait',
    });
    const { buyer, placed, order } = await buy(productId);
    expect(placed.status).toBe('pending');
    const settled = await downstream.until(order, (o) => o.status !== 'pending', 90_000);
    expect(settled).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Out of stock at the supplier: refunded in full',
    });
    expect(await downstream.balanceOf(buyer.session)).toBe(10);
    const result = await downstream.reconciliation();
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('takes an order beyond a stock synced to zero when set to wait, and buys it when the stock is back', async () => {
    const waiting = await soldOutThere('wait');
    const refunding = await soldOutThere();
    // The sell-out there read here by a sync, as the supplier's event would: both stocks at 0.
    await downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);
    const list = await downstream.ok(downstream.admin, 'GET', '/api/products?limit=10000');
    const stockOf = (id: string) =>
      (list.data as Body[]).find((p) => p.id === id)?.stockQuantity as number;
    expect([stockOf(waiting.productId), stockOf(refunding.productId)]).toEqual([0, 0]);

    // Set to refund: refused before anything is paid, as any product out of stock.
    const refusedBuyer = await downstream.reseller(10);
    const refused = await downstream.call(refusedBuyer.session, 'POST', '/api/orders', {
      productId: refunding.productId,
      quantity: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message?.type).toBe('out_of_stock');
    expect(await downstream.balanceOf(refusedBuyer.session)).toBe(10);

    // Set to wait: paid and taken, waiting for the supplier, bought once the stock is back.
    const { buyer, placed, order } = await buy(waiting.productId);
    expect(placed.status).toBe('pending');
    expect(await downstream.balanceOf(buyer.session)).toBe(4.5);
    await upstream.ok(upstream.admin, 'POST', `/api/products/${waiting.upstreamProductId}/keys`, {
      keys: 'RESTOCKED-KEY-2',
    });
    await downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);
    expect(await downstream.until(order, (o) => o.status !== 'pending')).toMatchObject({
      status: 'completed',
      responseKeys: ['RESTOCKED-KEY-2'],
    });
    const result = await downstream.reconciliation();
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('refuses a choice other than refund or wait, and a product that is not docked', async () => {
    const { productId } = await soldOutThere();
    const bad = await downstream.call(
      downstream.admin,
      'PATCH',
      `/api/upstreams/docked-products/${productId}`,
      { onUpstreamFailure: 'later' },
    );
    expect(bad.status).toBe(400);
    const missing = await downstream.call(
      downstream.admin,
      'PATCH',
      `/api/upstreams/docked-products/${upstreamId}`,
      { onUpstreamFailure: 'wait' },
    );
    expect(missing.status).toBe(404);
  });
});
