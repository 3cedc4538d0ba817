import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Platform, type Body } from './helpers/platforms';

/**
 * Docked products follow their upstream (DESIGN.md §14): a cost that rises moves prices that
 * follow the markup, pauses a product whose hand-set price would fall below it, and a product
 * gone upstream is paused; the stock is the upstream's.
 */
describe('syncing docked products with their upstream', () => {
  let upstream: Platform;
  let downstream: Platform;
  let upstreamId: string;
  let categoryId: string;

  beforeAll(async () => {
    [upstream, downstream] = await Promise.all([Platform.start(), Platform.start()]);
    const account = await upstream.reseller(100);
    const apiKey = await upstream.apiKey(account.session);
    const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Supplier',
      baseUrl: upstream.server.url,
      apiKey,
    });
    upstreamId = added.id!;
    categoryId = await downstream.category();
  }, 180_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose()]);
  });

  async function dock(upstreamProductId: string) {
    const answer = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${upstreamId}/products`,
      { upstreamProductIds: [upstreamProductId], categoryId, markupPercent: 10, markupFixed: 0 },
    );
    return (answer.docked as { productId: string }[])[0]!.productId;
  }

  async function local(productId: string) {
    const list = await downstream.ok(downstream.admin, 'GET', '/api/products?limit=10000');
    return (list.data as Body[]).find((p) => p.id === productId)!;
  }

  const sync = () => downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);

  it('moves prices that follow the markup with the cost, and the stock with theirs', async () => {
    const product = await upstream.product(5, 2);
    const productId = await dock(product.id);
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 6 });
    await upstream.ok(upstream.admin, 'POST', `/api/products/${product.id}/keys`, {
      keys: 'EXTRA-KEY-1\nEXTRA-KEY-2',
    });
    const synced = await sync();
    expect(synced.lastSyncAt).not.toBeNull();
    expect(await local(productId)).toMatchObject({
      initialPrice: 6,
      managerPrice: 6.6,
      resellerPrice: 6.6,
      stockQuantity: 4,
    });
  });

  it('pauses a product whose hand-set price the cost rose above, and resumes it', async () => {
    const product = await upstream.product(5, 3);
    const productId = await dock(product.id);
    await downstream.ok(downstream.admin, 'PATCH', `/api/products/${productId}`, {
      managerPrice: 9,
      resellerPrice: 9,
    });
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, {
      resellerPrice: 10,
    });
    await sync();
    expect(await local(productId)).toMatchObject({
      initialPrice: 5,
      resellerPrice: 9,
      stockQuantity: 0,
    });
    const buyer = await downstream.reseller(50);
    const refused = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(refused.status).toBe(409);
    expect(await downstream.balanceOf(buyer.session)).toBe(50);

    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 8 });
    await sync();
    expect(await local(productId)).toMatchObject({
      initialPrice: 8,
      resellerPrice: 9,
      stockQuantity: 3,
    });
    const bought = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(bought.body.status).toBe('completed');
    expect(bought.body.responseKeys).toEqual(product.keys.slice(0, 1));
  });

  it('pauses a product deleted upstream', async () => {
    const product = await upstream.product(5, 1);
    const productId = await dock(product.id);
    await upstream.ok(upstream.admin, 'DELETE', `/api/products/${product.id}`);
    await sync();
    expect(await local(productId)).toMatchObject({ stockQuantity: 0 });
    const buyer = await downstream.reseller(10);
    const refused = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(refused.status).toBe(409);
    const result = await downstream.reconciliation();
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
