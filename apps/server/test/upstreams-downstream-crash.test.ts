import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpSession } from './helpers/server-process';
import { Platform, type Body } from './helpers/platforms';
import { SlowRelay } from './helpers/slow-relay';

/**
 * The downstream platform killed (SIGKILL) after its purchase reached the upstream and before the
 * answer came back (DESIGN.md §14), between two real platforms on loopback, a relay in front of
 * the upstream keeping the answer: restarted on the same database, its outbox buys again with the
 * same Idempotency-Key (the local order's id) and gets the order the upstream already placed.
 */
describe('the downstream killed after sending its purchase upstream', () => {
  let upstream: Platform;
  let downstream: Platform;
  let relay: SlowRelay;
  let account: { id: string; session: HttpSession };
  let productId: string;
  let product: { id: string; keys: string[] };

  beforeAll(async () => {
    [upstream, downstream] = await Promise.all([
      Platform.start(),
      Platform.start({
        UPSTREAM_SYNC_INTERVAL_MS: '86400000',
        // The buyer's request still waiting for the upstream when the process is killed.
        UPSTREAM_INLINE_TIMEOUT_MS: '60000',
      }),
    ]);
    relay = await SlowRelay.start(upstream.server.url);
    product = await upstream.product(5, 2);
    const docked = await downstream.dockFrom(upstream, product.id, 50, relay.url);
    ({ account, productId } = docked);
    // Its events off at the supplier: the purchase is bought again by the outbox alone.
    const hooks = await upstream.ok(account.session, 'GET', '/api/webhooks');
    for (const hook of hooks.data as Body[]) {
      await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
    }
  }, 420_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await relay?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose()]);
  });

  const upstreamOrders = async () =>
    (
      (await upstream.ok(account.session, 'GET', '/api/orders/all?limit=100')).data as Body[]
    ).filter((o) => o.productId === product.id);

  // The downstream's restart may take as long as a first start (three minutes) on a loaded
  // machine; its outbox buys again 30 s after the order at the earliest.
  it(
    'completes the order with the upstream order placed before the crash, bought once',
    { timeout: 420_000 },
    async () => {
      const buyer = await downstream.reseller(20);
      relay.holding = true;
      const placing = downstream
        .call(buyer.session, 'POST', '/api/orders', { productId, quantity: 1 })
        .then(
          (answer) => ({ answered: answer.status }),
          () => ({ answered: 'connection lost' }),
        );

      // The upstream placed its order and answered; the answer is kept from the downstream.
      await upstream.until(
        () => Promise.resolve(relay.answeredKeys.length),
        (count) => count > 0,
        120_000,
      );
      const [orderId] = relay.answeredKeys;
      const placedThere = await upstreamOrders();
      expect(placedThere).toHaveLength(1);
      expect(placedThere[0]!.status).toBe('completed');

      await downstream.server.kill();
      expect(await placing).toEqual({ answered: 'connection lost' });
      relay.holding = false;
      await downstream.server.start();

      const done = await downstream.until(
        () => downstream.ok(buyer.session, 'GET', `/api/orders/${orderId}`),
        (order) => order.status !== 'pending',
        200_000,
      );
      const seen = await downstream.ok(downstream.admin, 'GET', `/api/orders/${orderId}`);
      expect(done.status, JSON.stringify(seen.upstream)).toBe('completed');
      expect(done.responseKeys).toEqual(product.keys.slice(0, 1));
      expect(seen.upstream).toMatchObject({ orderId: placedThere[0]!.id, status: 'completed' });
      expect(await downstream.balanceOf(buyer.session)).toBe(14.5);

      // Bought again after the restart, always as the same purchase: one order there, paid once.
      expect(relay.purchaseKeys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(relay.purchaseKeys)).toEqual(new Set([orderId]));
      expect((await upstreamOrders()).map((o) => o.id)).toEqual([placedThere[0]!.id]);
      expect(await upstream.balanceOf(account.session)).toBe(45);
      for (const platform of [upstream, downstream]) {
        const result = await platform.reconciliation();
        expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      }
    },
  );
});
