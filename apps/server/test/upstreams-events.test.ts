import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/server-process';
import { Platform, type Body } from './helpers/platforms';

/** One request the downstream received from its upstream, as sent: bytes and headers. */
interface Captured {
  body: string;
  headers: Record<string, string>;
  status: number;
}

/**
 * A recording relay between the upstream and the downstream's event endpoint (the downstream's
 * PUBLIC_URL points at it): every delivery is passed on as it came and kept, so a test can
 * replay one byte for byte.
 */
async function relay() {
  const port = await freePort();
  const captured: Captured[] = [];
  let target = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'keymarket-event', 'keymarket-signature']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      void fetch(`${target}${request.url}`, { method: 'POST', headers, body }).then(
        async (answer) => {
          captured.push({ body, headers, status: answer.status });
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        },
        () => {
          response.writeHead(502);
          response.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    captured,
    forwardTo(url: string) {
      target = url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A supplier's events (DESIGN.md §14): the downstream subscribes when it adds the upstream, and
 * the upstream's `product.changed` and orders' events are applied without waiting for a sync,
 * each only with a valid signature and once.
 */
describe('events from an upstream', { timeout: 120_000 }, () => {
  let upstream: Platform;
  let downstream: Platform;
  let recorder: Awaited<ReturnType<typeof relay>>;
  let account: Awaited<ReturnType<Platform['reseller']>>;
  let upstreamId: string;
  let categoryId: string;

  beforeAll(async () => {
    recorder = await relay();
    [upstream, downstream] = await Promise.all([
      Platform.start(),
      // No sync on its own during these tests: whatever changes comes from an event.
      // and a purchase's retries are far apart: what completes an order comes from an event.
      Platform.start({
        PUBLIC_URL: recorder.url,
        UPSTREAM_SYNC_INTERVAL_MS: '86400000',
        WEBHOOK_RETRY_BASE_MS: '600000',
      }),
    ]);
    recorder.forwardTo(downstream.server.url);
    account = await upstream.reseller(200);
    const added = await downstream.ok(downstream.admin, 'POST', '/api/upstreams', {
      name: 'Supplier',
      baseUrl: upstream.server.url,
      apiKey: await upstream.apiKey(account.session),
    });
    upstreamId = added.id!;
    categoryId = await downstream.category();
  }, 420_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await Promise.all([upstream?.dispose(), downstream?.dispose(), recorder?.close()]);
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

  /** Our endpoint at the upstream, as the account there sees it. */
  async function endpoint() {
    const list = await upstream.ok(account.session, 'GET', '/api/webhooks');
    return (list.data as Body[])[0]!;
  }

  const eventsOf = (type: string) =>
    recorder.captured.filter((c) => c.headers['keymarket-event'] === type);

  it('subscribes at the upstream when the upstream is added', async () => {
    const hook = await endpoint();
    expect(hook.url).toBe(`${recorder.url}/api/upstreams/${upstreamId}/events`);
    expect(hook.events).toEqual(expect.arrayContaining(['product.changed', 'order.completed']));
    expect(hook.enabled).toBe(true);
  });

  it('follows a price, a sell-out, a restock and a deletion without a sync', async () => {
    const product = await upstream.product(5, 2);
    const productId = await dock(product.id);
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 6 });
    expect(
      await downstream.until(
        () => local(productId),
        (p) => p.initialPrice === 6,
      ),
    ).toMatchObject({ initialPrice: 6, resellerPrice: 6.6, stockQuantity: 2 });

    // Sold out there by another buyer: out of stock here.
    const other = await upstream.reseller(50);
    await upstream.ok(other.session, 'POST', '/api/orders', { productId: product.id, quantity: 2 });
    expect(
      await downstream.until(
        () => local(productId),
        (p) => p.stockQuantity === 0,
      ),
    ).toMatchObject({ stockQuantity: 0 });

    await upstream.ok(upstream.admin, 'POST', `/api/products/${product.id}/keys`, {
      keys: 'BACK-IN-1\nBACK-IN-2\nBACK-IN-3',
    });
    expect(
      await downstream.until(
        () => local(productId),
        (p) => p.stockQuantity === 3,
      ),
    ).toMatchObject({ stockQuantity: 3 });

    await upstream.ok(upstream.admin, 'DELETE', `/api/products/${product.id}`);
    await downstream.until(
      () => local(productId),
      (p) => p.stockQuantity === 0,
    );
    const buyer = await downstream.reseller(20);
    const refused = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(refused.status).toBe(409);
    const changes = eventsOf('product.changed').map(
      (c) => (JSON.parse(c.body) as { data: { changes: string[] } }).data.changes,
    );
    expect(changes).toEqual(
      expect.arrayContaining([['price'], ['out_of_stock'], ['in_stock'], ['deleted']]),
    );
    expect(eventsOf('product.changed').every((c) => c.status === 200)).toBe(true);
  });

  it('applies a replayed event once, and nothing whose signature or body is not the sender’s', async () => {
    const product = await upstream.product(5, 1);
    const productId = await dock(product.id);
    const before = eventsOf('product.changed').length;
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 7 });
    await downstream.until(
      () => local(productId),
      (p) => p.initialPrice === 7,
    );
    const original = eventsOf('product.changed')
      .slice(before)
      .find((c) => c.body.includes(product.id))!;

    // The price moves again there while our endpoint there is off: no event reaches us.
    const hook = await endpoint();
    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 8 });

    const post = (body: string, signature: string) =>
      fetch(`${downstream.server.url}/api/upstreams/${upstreamId}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'keymarket-signature': signature },
        body,
      });
    const signature = original.headers['keymarket-signature']!;
    // The same event again, byte for byte: acknowledged, applied no second time (applying it
    // would read the product again there and take the new price).
    const replayed = await post(original.body, signature);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ received: true, applied: false });
    // Another event id under the same signature, and a forged signature: refused.
    const renamed = original.body.replace(/"id":"evt_[^"]+"/, '"id":"evt_forged"');
    expect((await post(renamed, signature)).status).toBe(401);
    const forged = signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect((await post(original.body, forged)).status).toBe(401);
    expect((await post(original.body, '')).status).toBe(401);
    expect(await local(productId)).toMatchObject({ initialPrice: 7 });

    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: true });
  });

  /** A request product there (answered by its administrator), docked here; one pending order of it. */
  async function pendingDockedOrder() {
    const product = await upstream.form(upstream.admin, '/api/products', {
      name: `Request ${Math.random().toString(36).slice(2, 8)}`,
      categoryId: await upstream.category(),
      deliveryType: 'request',
      initialPrice: 1,
      managerPrice: 4,
      resellerPrice: 4,
      stockQuantity: 5,
    });
    const productId = await dock(product.id!);
    const buyer = await downstream.reseller(20);
    const placed = await downstream.call(buyer.session, 'POST', '/api/orders', {
      productId,
      quantity: 1,
    });
    expect(placed.body.status).toBe('pending');
    const there = await upstream.until(
      async () => {
        const list = await upstream.ok(upstream.admin, 'GET', '/api/orders/all?status=pending');
        return (list.data as Body[]).find((o) => o.productId === product.id);
      },
      (order) => order !== undefined,
    );
    return { buyer, orderId: placed.body.id!, upstreamOrderId: there!.id! };
  }

  const orderOf = (buyer: { session: Parameters<Platform['ok']>[0] }, id: string) =>
    downstream.ok(buyer.session, 'GET', `/api/orders/${id}`);

  it('completes a local order when the upstream completes its pending order there', async () => {
    const { buyer, orderId, upstreamOrderId } = await pendingDockedOrder();
    const before = eventsOf('order.completed').length;
    await upstream.ok(upstream.admin, 'PATCH', `/api/orders/${upstreamOrderId}/respond`, {
      status: 'completed',
      keys: 'REQUESTED-KEY-1',
    });
    const order = await downstream.until(
      () => orderOf(buyer, orderId),
      (o) => o.status !== 'pending',
      30_000,
    );
    expect(order).toMatchObject({ status: 'completed', responseKeys: ['REQUESTED-KEY-1'] });
    // The relay records the event once its answer is back, which may be just after the order
    // reads completed.
    const answered = await downstream.until(
      async () =>
        eventsOf('order.completed')
          .slice(before)
          .map((c) => c.status),
      (statuses) => statuses.includes(200),
      10_000,
    );
    expect(answered).toContain(200);
  });

  it('completes it by the sync’s poll when the event does not come', async () => {
    const { buyer, orderId, upstreamOrderId } = await pendingDockedOrder();
    const hook = await endpoint();
    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
    await upstream.ok(upstream.admin, 'PATCH', `/api/orders/${upstreamOrderId}/respond`, {
      status: 'completed',
      keys: 'POLLED-KEY-1',
    });
    // The endpoint there is off before the order completes, so no event is sent: only a poll
    // (this one, or the periodic sync's if it comes first) completes the order here.
    await downstream.ok(downstream.admin, 'POST', `/api/upstreams/${upstreamId}/sync`);
    expect(await orderOf(buyer, orderId)).toMatchObject({
      status: 'completed',
      responseKeys: ['POLLED-KEY-1'],
    });
    await upstream.ok(account.session, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: true });
  });

  it('applies nothing signed with another secret', async () => {
    const product = await upstream.product(5, 1);
    const productId = await dock(product.id);
    const hook = await endpoint();
    // The secret there changes: ours no longer verifies what the upstream sends.
    await upstream.ok(account.session, 'POST', `/api/webhooks/${hook.id}/secret`);
    const before = eventsOf('product.changed').length;
    await upstream.ok(upstream.admin, 'PATCH', `/api/products/${product.id}`, { resellerPrice: 9 });
    await downstream.until(
      async () => eventsOf('product.changed').length,
      (n) => n > before,
    );
    expect(eventsOf('product.changed').slice(before)[0]!.status).toBe(401);
    expect(await local(productId)).toMatchObject({ initialPrice: 5 });
  });
});
