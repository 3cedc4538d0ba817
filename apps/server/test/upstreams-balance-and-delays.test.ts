import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpSession } from './helpers/server-process';
import { Platform, type Body } from './helpers/platforms';
import { SlowRelay } from './helpers/slow-relay';

/**
 * What a docked sale leaves for the platform's administrators (DESIGN.md §14), between two real
 * platforms on loopback: the `upstream.balance_low` alert once per crossing of the supplier's
 * alert, the margin on docked sales on the dashboard and over a statement's dates, and a supplier
 * slower to answer than the buyer's wait: a pending order that completes by itself.
 */
describe('the balance at a supplier, the margin on docked sales, a slow supplier', () => {
  let upstream: Platform;
  let downstream: Platform;
  let relay: SlowRelay;
  let categoryId: string;
  const INLINE_MS = 1500;

  beforeAll(async () => {
    [upstream, downstream] = await Promise.all([
      Platform.start(),
      Platform.start({
        UPSTREAM_SYNC_INTERVAL_MS: '86400000',
        UPSTREAM_INLINE_TIMEOUT_MS: String(INLINE_MS),
      }),
    ]);
    relay = await SlowRelay.start(upstream.server.url);
    categoryId = await downstream.category();
  }, 420_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await relay?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose()]);
  });

  /** Adds a supplier reached at `baseUrl` through a new account there holding `funds` USD. */
  async function addSupplier(baseUrl: string, funds: number, lowBalanceAlert?: number) {
    const account = await upstream.reseller(funds);
    const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
      name: `Supplier ${baseUrl.slice(-5)}`,
      baseUrl,
      apiKey: await upstream.apiKey(account.session),
      ...(lowBalanceAlert === undefined ? {} : { lowBalanceAlert }),
    });
    return { account, upstreamId: added.id! };
  }

  async function dock(upstreamId: string, upstreamProductId: string) {
    const answer = await downstream.ok(
      downstream.admin,
      'POST',
      `/api/upstreams/${upstreamId}/products`,
      { upstreamProductIds: [upstreamProductId], categoryId, markupPercent: 10, markupFixed: 0 },
    );
    return (answer.docked as { productId: string }[])[0]!.productId;
  }

  /** Buys and waits until the order is settled (inline or through the outbox). */
  async function buy(session: HttpSession, productId: string, quantity: number) {
    const placed = await downstream.ok(session, 'POST', '/api/orders', { productId, quantity });
    return downstream.until(
      () => downstream.ok(session, 'GET', `/api/orders/${placed.id}`),
      (order) => order.status !== 'pending',
    );
  }

  const balanceAlerts = async () =>
    (
      await downstream.ok(
        downstream.admin,
        'GET',
        '/api/notifications?type=upstream.balance_low&limit=100',
      )
    ).data as Body[];

  /** The balance there as the downstream last read it, once it reads `expected`. */
  const balanceThere = (upstreamId: string, expected: number) =>
    downstream.until(
      () => downstream.ok(downstream.admin, 'GET', `/api/upstreams/${upstreamId}`),
      (row) => row.balance === expected,
      30_000,
    );

  it(
    'tells the administrators once each time the balance there falls below the alert',
    { timeout: 180_000 },
    async () => {
      const { account, upstreamId } = await addSupplier(upstream.server.url, 30, 20);
      const product = await upstream.product(5, 10);
      const productId = await dock(upstreamId, product.id);
      const buyer = await downstream.reseller(100);

      // 30 → 20: at the alert, not below it.
      expect((await buy(buyer.session, productId, 2)).status).toBe('completed');
      expect((await balanceThere(upstreamId, 20)).balance).toBe(20);
      expect(await balanceAlerts()).toEqual([]);

      // 20 → 15: below. One alert, with the balance and the alert it fell below.
      expect((await buy(buyer.session, productId, 1)).status).toBe('completed');
      await balanceThere(upstreamId, 15);
      const first = await downstream.until(balanceAlerts, (list) => list.length > 0, 30_000);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({
        type: 'upstream.balance_low',
        readAt: null,
        data: {
          upstreamId,
          upstreamName: expect.any(String) as string,
          balance: 15,
          threshold: 20,
        },
      });

      // 15 → 10: still below, by a purchase and by a sync: no second alert.
      expect((await buy(buyer.session, productId, 1)).status).toBe('completed');
      await balanceThere(upstreamId, 10);
      await downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);
      expect(await balanceAlerts()).toHaveLength(1);

      // Topped up there, read back by a sync: above the alert again, nothing told.
      await upstream.ok(upstream.admin, 'POST', `/api/balance/${account.id}/add`, { amount: 20 });
      await downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);
      expect((await balanceThere(upstreamId, 30)).balance).toBe(30);
      expect(await balanceAlerts()).toHaveLength(1);

      // 30 → 15: a new crossing, a second alert.
      expect((await buy(buyer.session, productId, 3)).status).toBe('completed');
      await balanceThere(upstreamId, 15);
      const second = await downstream.until(balanceAlerts, (list) => list.length > 1, 30_000);
      expect(second).toHaveLength(2);
      expect(second[0]).toMatchObject({ data: { upstreamId, balance: 15, threshold: 20 } });

      // Other roles never get it.
      const reseller = await downstream.ok(
        buyer.session,
        'GET',
        '/api/notifications?type=upstream.balance_low',
      );
      expect(reseller.data).toEqual([]);
    },
  );

  it('shows the margin on docked sales on the dashboard and over a statement’s dates', async () => {
    // The sales above: 7 units at 5.50 (5 + 10 %) to a reseller of the platform's own, bought
    // upstream at 5: 38.50 paid, 35 to the supplier, 3.50 the platform's.
    const stats = await downstream.ok(downstream.admin, 'GET', '/api/analytics/dashboard-stats');
    expect(stats.dockedSales).toEqual({ orders: 4, revenue: 38.5, cost: 35, margin: 3.5 });

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      await downstream.ok(downstream.admin, 'GET', `/api/analytics/docked-sales?from=${today}`),
    ).toEqual({ orders: 4, revenue: 38.5, cost: 35, margin: 3.5 });
    expect(
      await downstream.ok(downstream.admin, 'GET', `/api/analytics/docked-sales?to=${yesterday}`),
    ).toEqual({ orders: 0, revenue: 0, cost: 0, margin: 0 });

    const backwards = await downstream.call(
      downstream.admin,
      'GET',
      `/api/analytics/docked-sales?from=${today}&to=${yesterday}`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message?.type).toBe('validation');
    const reseller = await downstream.reseller(0);
    const refused = await downstream.call(reseller.session, 'GET', '/api/analytics/docked-sales');
    expect(refused.status).toBe(403);
  });

  it(
    'answers a pending order when the supplier is slower than the wait, and completes it by itself',
    { timeout: 120_000 },
    async () => {
      relay.delayMs = INLINE_MS * 3;
      const { account, upstreamId } = await addSupplier(relay.url, 50);
      const product = await upstream.product(5, 3);
      const productId = await dock(upstreamId, product.id);
      const buyer = await downstream.reseller(20);

      const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
        productId,
        quantity: 1,
      });
      expect(placed.status).toBe(201);
      expect(placed.body.status).toBe('pending');
      expect(await downstream.balanceOf(buyer.session)).toBe(14.5);

      const done = await downstream.until(
        () => downstream.ok(buyer.session, 'GET', `/api/orders/${placed.body.id}`),
        (order) => order.status !== 'pending',
        90_000,
      );
      expect(done.status).toBe('completed');
      expect(done.responseKeys).toEqual(product.keys.slice(0, 1));
      // Asked at least twice (the buyer's wait, then the outbox), always as the same purchase.
      expect(relay.purchaseKeys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(relay.purchaseKeys)).toEqual(new Set([placed.body.id]));
      const there = await upstream.ok(account.session, 'GET', '/api/orders/all?limit=100');
      expect((there.data as Body[]).filter((o) => o.productId === product.id)).toHaveLength(1);
      expect(await upstream.balanceOf(account.session)).toBe(45);
      for (const platform of [upstream, downstream]) {
        const result = await platform.reconciliation();
        expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      }
    },
  );
});
