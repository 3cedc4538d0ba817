import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import { deposit } from './helpers/money';
import { HttpSession, ServerProcess } from './helpers/server-process';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';
import { createdWebhook, WebhookReceiver } from './helpers/webhook-receiver';

/**
 * A server killed (SIGKILL) after an order committed and before its webhook went out: the event
 * was written with the order, so a server started afterwards delivers it.
 */
describe.skipIf(!onPostgres)('a server killed between an order and its webhook', () => {
  let ctx: TestContext;
  let receiver: WebhookReceiver;
  const servers: ServerProcess[] = [];
  const env = (url: string, pollMs: string) => ({
    DATABASE_URL: url,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    OUTBOX_POLL_INTERVAL_MS: pollMs,
  });

  let url = '';
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    url = fresh.url;
    ctx = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, fresh.database);
    receiver = await WebhookReceiver.start();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await ctx?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await receiver?.close();
  });

  it('delivers the order.created event after a restart', async () => {
    const admin = await ctx.factory.signedIn('admin');
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await createdWebhook(buyer, receiver.url, ['order.created']);
    const product = await new CatalogueFactory(ctx.database.db).product({ keys: 1 });
    await deposit(admin, buyer.user.id, 20);

    // This one never polls the outbox before it dies.
    const first = await ServerProcess.start(env(url, '3600000'));
    servers.push(first);
    const session = await HttpSession.signIn(first, buyer.user.username, TEST_PASSWORD);
    const answer = await session.request(first, 'POST', '/api/orders', {
      productId: product.id,
      quantity: 1,
    });
    expect(answer.status).toBe(201);
    const orderId = (answer.body as { id: string }).id;
    await first.kill();
    expect(receiver.received).toHaveLength(0);

    const second = await ServerProcess.start(env(url, '20'));
    servers.push(second);
    const arrived = await vi.waitFor(
      () => {
        const [found] = receiver.ofType('order.created');
        if (!found) throw new Error('not yet');
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect((JSON.parse(arrived.body) as { data: { order: { id: string } } }).data.order.id).toBe(
      orderId,
    );
    expect(receiver.received).toHaveLength(1);
  }, 120_000);
});
