import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Platform, type Body } from './helpers/platforms';

/**
 * After-sale across platforms (DESIGN.md §14): C docks from B, which docks from A. A buyer's
 * report at C is passed to B and on to A; A's administrator answers it, and the answer comes back
 * down the chain, applied once at each platform as its own.
 */
describe('after-sale along a chain of three platforms', { timeout: 150_000 }, () => {
  let a: Platform;
  let b: Platform;
  let c: Platform;

  beforeAll(async () => {
    // One after the other: three embedded databases migrating at once outrun a small machine.
    a = await Platform.start();
    b = await Platform.start();
    c = await Platform.start();
  }, 600_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([a?.dispose(), b?.dispose(), c?.dispose()]);
  });

  /** The only purchase `platform` made upstream: its supplier's order id. */
  async function upstreamOrderOf(platform: Platform) {
    const list = await platform.ok(platform.admin, 'GET', '/api/upstreams/purchases');
    const [purchase] = list.data as { orderId: string; upstreamOrderId: string }[];
    return purchase!;
  }

  /** How many audit rows of `action` `platform` holds about `orderId`. */
  async function auditCount(platform: Platform, action: string, orderId: string) {
    const rows = await platform.ok(
      platform.admin,
      'GET',
      `/api/audit?action=${action}&targetId=${orderId}&limit=100`,
    );
    return (rows.data as { action: string }[]).filter((r) => r.action === action).length;
  }

  it("passes a report at C up to A, and A's replacement and refund back down, once each", async () => {
    const original = await a.product(10, 5);
    const atB = await b.dockFrom(a, original.id, 100);
    const atC = await c.dockFrom(b, atB.productId, 100);
    const buyer = await c.reseller(50);

    const placed = await c.call(buyer.session, 'POST', '/api/orders', {
      productId: atC.productId,
      quantity: 2,
    });
    expect(placed.status).toBe(201);
    const orderAtC = placed.body.id!;
    const bought = await c.until(
      () => c.ok(buyer.session, 'GET', `/api/orders/${orderAtC}`),
      (order) => order.status !== 'pending',
    );
    expect(bought.status).toBe('completed');
    expect(bought.keyStates).toEqual(['delivered', 'delivered']);
    const keys = bought.responseKeys!;

    // The buyer reports its second key at C: a ticket there, and the report goes up the chain.
    const reported = await c.call(buyer.session, 'POST', `/api/orders/${orderAtC}/report`, {
      keyIndex: 1,
      reason: 'Already redeemed when I tried it',
    });
    expect(reported.status).toBe(200);
    expect(reported.body.keyStates).toEqual(['delivered', 'reported']);

    const atBPurchase = await upstreamOrderOf(b);
    const orderAtA = atBPurchase.upstreamOrderId;
    const reportedAtA = await a.until(
      () => a.ok(a.admin, 'GET', `/api/orders/${orderAtA}`),
      (order) => (order.keyStates as string[] | undefined)?.[1] === 'reported',
    );
    expect(reportedAtA.keyStates).toEqual(['delivered', 'reported']);
    // C's administrators see the report passed on, with the supplier's reference.
    const asAdminAtC = await c.ok(c.admin, 'GET', `/api/orders/${orderAtC}`);
    const upstreamAtC = asAdminAtC.upstream as Body & { reports: Body[] };
    expect(upstreamAtC.status).toBe('completed');
    expect(upstreamAtC.orderId).toBe((await upstreamOrderOf(c)).upstreamOrderId);
    expect(upstreamAtC.reports).toEqual([{ keyIndex: 1, status: 'forwarded', lastError: null }]);

    // A's administrator replaces the key from A's pool: the next unsold key.
    const replaced = await a.call(a.admin, 'POST', `/api/orders/${orderAtA}/replace`, {
      keyIndex: 1,
    });
    expect(replaced.status).toBe(200);
    const fresh = (replaced.body.responseKeys as string[])[1]!;
    expect(original.keys).toContain(fresh);
    expect(keys).not.toContain(fresh);

    const answered = await c.until(
      () => c.ok(buyer.session, 'GET', `/api/orders/${orderAtC}`),
      (order) => (order.keyStates as string[])[1] === 'replaced',
    );
    expect(answered.responseKeys).toEqual([keys[0], fresh]);
    expect(answered.keyStates).toEqual(['delivered', 'replaced']);
    // The report's conversation at C is closed with the answer.
    const tickets = await c.ok(buyer.session, 'GET', '/api/tickets/my-tickets');
    const report = (tickets.data as (Body & { report: { orderId: string } | null })[]).find(
      (t) => t.report?.orderId === orderAtC,
    );
    expect(report?.status).toBe('closed');

    // A's administrator then refunds the first unit: a second event about the same order, which
    // re-reads it there (the replacement included) and must apply only the refund.
    expect(
      (await a.call(a.admin, 'POST', `/api/orders/${orderAtA}/refund`, { keyIndex: 0 })).status,
    ).toBe(200);
    const refunded = await c.until(
      () => c.ok(buyer.session, 'GET', `/api/orders/${orderAtC}`),
      (order) => (order.keyStates as string[])[0] === 'refunded',
    );
    expect(refunded.keyStates).toEqual(['refunded', 'replaced']);
    expect(refunded.responseKeys).toEqual([keys[0], fresh]);

    // Each unit refunded along each platform's chain at its own price: $12.10, $11, $10.
    expect(await c.balanceOf(buyer.session)).toBeCloseTo(50 - 24.2 + 12.1, 2);
    expect(await b.balanceOf(atC.account.session)).toBeCloseTo(100 - 22 + 11, 2);
    expect(await a.balanceOf(atB.account.session)).toBeCloseTo(100 - 20 + 10, 2);
    // Applied once at each platform, whatever events and polls came.
    const orderAtB = atBPurchase.orderId;
    expect(await auditCount(b, 'order.key_replaced', orderAtB)).toBe(1);
    expect(await auditCount(c, 'order.key_replaced', orderAtC)).toBe(1);
    expect(await auditCount(c, 'order.unit_refunded', orderAtC)).toBe(1);
    for (const platform of [a, b, c]) {
      const result = await platform.reconciliation();
      expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    }
  });

  it("names a docked product's supplier, and refuses to answer its keys here", async () => {
    const original = await a.product(10, 2);
    const atB = await b.dockFrom(a, original.id, 100);
    // The products screen reads each docked product's supplier (admins only).
    const sources = await b.ok(b.admin, 'GET', '/api/upstreams/docked-products');
    expect(sources.data).toContainEqual({
      productId: atB.productId,
      upstream: { id: atB.upstreamId, name: 'Next up the chain' },
      upstreamProductId: original.id,
      pausedAt: null,
      pauseReason: null,
    });
    const buyer = await b.reseller(50);
    expect((await b.call(buyer.session, 'GET', '/api/upstreams/docked-products')).status).toBe(403);
    const placed = await b.call(buyer.session, 'POST', '/api/orders', {
      productId: atB.productId,
      quantity: 1,
    });
    const order = await b.until(
      () => b.ok(buyer.session, 'GET', `/api/orders/${placed.body.id}`),
      (o) => o.status !== 'pending',
    );
    expect(order.status).toBe('completed');
    for (const action of ['replace', 'refund']) {
      const answer = await b.call(b.admin, 'POST', `/api/orders/${order.id}/${action}`, {
        keyIndex: 0,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message?.text).toMatch(/bought from a supplier/);
    }
  });
});
