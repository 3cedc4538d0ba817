import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedWebhook } from '@keymarket/contracts/integration';
import { openDatabase } from '../src/db/client';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createdWebhook, deliveriesOf, WebhookReceiver } from './helpers/webhook-receiver';

const OUTBOX = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  OUTBOX_POLL_INTERVAL_MS: '10',
  WEBHOOK_RETRY_BASE_MS: '10',
};

/**
 * Two app instances on one PostgreSQL database, each with its own pool and outbox worker: every
 * attempt is made by one of them only (`claimDueDeliveries`), counted at the receiver.
 */
describe.skipIf(!onPostgres)('the outbox on two instances', () => {
  let first: TestContext;
  let second: TestContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    first = await createTestApp(OUTBOX, database);
    second = await createTestApp(
      OUTBOX,
      await openDatabase({ kind: 'postgres', url, poolMax: 10 }),
    );
    receiver = await WebhookReceiver.start();
  }, 60_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await second?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await first?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await receiver?.close();
  });

  it('makes each attempt once: every delivery arrives twice (one failure, one success)', async () => {
    const seen = new Set<string>();
    // The first arrival of each delivery fails, so its retry is claimed again by either instance.
    receiver.answerWith((r) => {
      const id = String(r.headers['keymarket-delivery']);
      if (seen.has(id)) return 200;
      seen.add(id);
      return 500;
    });
    const admin = await first.factory.signedIn('admin');
    const owners = [
      await first.factory.signedIn('reseller', admin.user),
      await first.factory.signedIn('reseller', admin.user),
    ];
    // 14 endpoints over two owners (10 each at most), each ping to the next: no endpoint has
    // more than 3 waiting, the test button's limit.
    const hooks: { owner: SignedInUser; hook: CreatedWebhook }[] = [];
    for (let i = 0; i < 14; i += 1) {
      const owner = owners[i % owners.length]!;
      hooks.push({ owner, hook: await createdWebhook(owner, receiver.url, ['ping']) });
    }
    const pings = 40;
    for (let i = 0; i < pings; i += 1) {
      const { owner, hook } = hooks[i % hooks.length]!;
      const response = await owner.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      expect(response.statusCode, response.body).toBe(202);
    }

    const log = await vi.waitFor(
      async () => {
        const pages = await Promise.all(
          hooks.map(({ owner, hook }) =>
            deliveriesOf(owner, hook.id, '?limit=100&status=succeeded'),
          ),
        );
        const data = pages.flatMap((page) => page.data);
        if (data.length < pings) throw new Error('not yet');
        return data;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(log.every((d) => d.attempts === 2)).toBe(true);
    const perDelivery = new Map<string, number>();
    for (const r of receiver.received) {
      const id = String(r.headers['keymarket-delivery']);
      perDelivery.set(id, (perDelivery.get(id) ?? 0) + 1);
    }
    expect(perDelivery.size).toBe(pings);
    expect([...perDelivery.values()].every((n) => n === 2)).toBe(true);
  });
});
