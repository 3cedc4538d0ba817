import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './helpers/database';
import { Platform, type Body } from './helpers/platforms';

/**
 * Many buyers at once on a docked product whose upstream holds fewer keys (DESIGN.md §14): each
 * local order buys upstream once, the keys run out there, and the rest are refunded in full.
 */
describe.skipIf(!onPostgres)('buyers racing for a docked product', () => {
  let upstream: Platform;
  let downstream: Platform;

  beforeAll(async () => {
    // Fifty buyers sign up from one address.
    const many = { REGISTER_RATE_LIMIT: '1000', INVITATION_RATE_LIMIT: '1000' };
    [upstream, downstream] = await Promise.all([Platform.start(), Platform.start(many)]);
  }, 180_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose()]);
  });

  it('50 buyers for 20 upstream keys: 20 delivered, 30 refunded, no key twice, money exact', async () => {
    const account = await upstream.reseller(500);
    const apiKey = await upstream.apiKey(account.session);
    const product = await upstream.product(5, 20);
    const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Supplier',
      baseUrl: upstream.server.url,
      apiKey,
    });
    const docked = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${added.id}/products`,
      {
        upstreamProductIds: [product.id],
        categoryId: await downstream.category(),
        markupPercent: 20,
        markupFixed: 0,
      },
    );
    const productId = (docked.docked as { productId: string }[])[0]!.productId;
    const buyers = await Promise.all(Array.from({ length: 50 }, () => downstream.reseller(6)));

    const answers = await Promise.all(
      buyers.map((buyer) =>
        downstream.call(buyer.session, 'POST', '/api/orders', { productId, quantity: 1 }),
      ),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);
    // Whatever the inline attempts left pending, the outbox settles.
    const settled = await Promise.all(
      answers.map((a, i) =>
        downstream.until(
          () => downstream.ok(buyers[i]!.session, 'GET', `/api/orders/${a.body.id}`),
          (order: Body) => order.status !== 'pending',
        ),
      ),
    );
    const completed = settled.filter((o) => o.status === 'completed');
    const rejected = settled.filter((o) => o.status === 'rejected');
    expect(completed).toHaveLength(20);
    expect(rejected).toHaveLength(30);
    const keys = completed.flatMap((o) => o.responseKeys ?? []);
    expect(new Set(keys).size).toBe(20);
    expect([...keys].sort()).toEqual([...product.keys].sort());

    const balances = await Promise.all(buyers.map((b) => downstream.balanceOf(b.session)));
    expect(balances.filter((b) => b === 0)).toHaveLength(20);
    expect(balances.filter((b) => b === 6)).toHaveLength(30);
    expect(await upstream.balanceOf(account.session)).toBe(500 - 20 * 5);
    const upstreamOrders = await upstream.ok(account.session, 'GET', '/api/orders/all?limit=100');
    expect(
      (upstreamOrders.data as Body[]).filter(
        (o) => o.productId === product.id && o.status === 'completed',
      ),
    ).toHaveLength(20);
    for (const platform of [upstream, downstream]) {
      const result = await platform.reconciliation();
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    }
  }, 240_000);
});
