import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@keymarket/contracts/messages';
import type { NotificationList } from '@keymarket/contracts/notifications';
import type { Order } from '@keymarket/contracts/orders';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  CreatedWebhook,
  Delivery,
  Webhook,
  WebhookList,
} from '@keymarket/contracts/integration';
import { auditLog, outboxEvents, webhookEndpoints } from '../src/db/schema/index';
import { useCatalogue } from './helpers/catalogue-app';
import { testVault } from './helpers/catalogue-factory';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder, queryRows, respond } from './helpers/money';
import { useSignedIn, useTestApp, madeBeforeAll } from './helpers/use-app';
import {
  createdWebhook,
  createWebhookResponse,
  deliveriesOf,
  signatureIsValid,
  WebhookReceiver,
  type Received,
} from './helpers/webhook-receiver';

const FAST_OUTBOX = {
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  OUTBOX_POLL_INTERVAL_MS: '20',
  WEBHOOK_RETRY_BASE_MS: '20',
};
const WAIT = { timeout: 15_000, interval: 20 };

const ctx = useTestApp(FAST_OUTBOX);
const catalogue = useCatalogue(ctx);
const admin = useSignedIn(ctx, 'admin');
const receiver = madeBeforeAll(() => WebhookReceiver.start());
afterAll(() => receiver.close());

interface EventBody {
  id: string;
  type: string;
  createdAt: string;
  data: {
    order?: Order;
    entry: { kind: string; orderId: string | null; amount: number; bucket: string };
  };
}
const bodyOf = (received: Received) => JSON.parse(received.body) as EventBody;

/** A receiver of the test's own making, on 127.0.0.1: `handle` answers every request. */
async function serverOf(handle: RequestListener) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function deliveryNamed(user: SignedInUser, webhookId: string, deliveryId: string) {
  const { data } = await deliveriesOf(user, webhookId, '?limit=100');
  return data.find((d) => d.id === deliveryId);
}

/** Sends the webhook's test ping; answers its delivery's id. */
async function sendTestPing(user: SignedInUser, webhookId: string) {
  const ping = await user.inject({ method: 'POST', url: `/api/webhooks/${webhookId}/test` });
  expect(ping.statusCode, ping.body).toBe(202);
  return ping.json<Delivery>().id;
}

/** Waits for a delivery to reach `status`, and answers it as the log shows it. */
function deliveryWhen(
  user: SignedInUser,
  webhookId: string,
  deliveryId: string,
  status: Delivery['status'],
  wait = WAIT,
) {
  return vi.waitFor(async () => {
    const d = await deliveryNamed(user, webhookId, deliveryId);
    if (d?.status !== status) throw new Error('not yet');
    return d;
  }, wait);
}

/** Sends the webhook's test ping and waits for its delivery to end failed (8 attempts). */
async function testPingUntilFailed(user: SignedInUser, webhookId: string) {
  const deliveryId = await sendTestPing(user, webhookId);
  const failed = await deliveryWhen(user, webhookId, deliveryId, 'failed');
  return { deliveryId, failed };
}

async function notificationsOf(user: SignedInUser, type: string) {
  const response = await user.inject({ method: 'GET', url: '/api/notifications?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>().data.filter((n) => n.type === type);
}

async function eventCount() {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ${outboxEvents}`,
  );
  return row?.n ?? 0;
}

describe('webhook endpoints', () => {
  it('shows a whsec_ secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const response = await createWebhookResponse(reseller, {
      url: receiver.url,
      events: ['order.created', 'order.created', 'ping'],
      description: 'My shop',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const created = response.json<CreatedWebhook>();
    expect(created.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['order.created', 'ping'],
      enabled: true,
      description: 'My shop',
      disabledForFailuresAt: null,
    });

    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} = ${created.id}`);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    const listed = await reseller.inject({ method: 'GET', url: '/api/webhooks' });
    expect(listed.body).not.toContain(created.secret.slice(6));
    expect(listed.json<WebhookList>().data.map((w) => w.id)).toEqual([created.id]);
  });

  it('edits the URL, the events and enabled, and deletes', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    const patched = await reseller.inject({
      method: 'PATCH',
      url: `/api/webhooks/${created.id}`,
      payload: { events: ['order.completed', 'balance.credited'], enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Webhook>()).toMatchObject({
      events: ['order.completed', 'balance.credited'],
      enabled: false,
    });
    const deleted = await reseller.inject({ method: 'DELETE', url: `/api/webhooks/${created.id}` });
    expect(deleted.statusCode).toBe(204);
    const gone = await reseller.inject({ method: 'GET', url: `/api/webhooks/${created.id}` });
    expectError(gone, 404, 'not_found');
  });

  it('refuses unknown fields, missing or unknown events, a bad URL and an 11th endpoint', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    expectValidation(
      await createWebhookResponse(reseller, { url: receiver.url, events: ['ping'], secret: 'x' }),
      'body.secret',
    );
    expectValidation(await createWebhookResponse(reseller, { url: receiver.url }), 'body.events');
    expectValidation(
      await createWebhookResponse(reseller, { url: receiver.url, events: [] }),
      'body.events',
    );
    expectValidation(
      await createWebhookResponse(reseller, { url: receiver.url, events: ['order.paid'] }),
      'body.events.0',
    );
    expectValidation(
      await createWebhookResponse(reseller, { url: 'not a url', events: ['ping'] }),
      'body.url',
    );
    expectValidation(
      await createWebhookResponse(reseller, { url: 'ftp://example.com/x', events: ['ping'] }),
      'body.url',
    );
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    expectValidation(
      await reseller.inject({
        method: 'PATCH',
        url: `/api/webhooks/${created.id}`,
        payload: { secret: 'whsec_mine' },
      }),
      'body.secret',
    );
    // An edit that changes nothing was a 500 (an UPDATE with nothing to set).
    expectValidation(
      await reseller.inject({ method: 'PATCH', url: `/api/webhooks/${created.id}`, payload: {} }),
      'body',
      'Change at least one field',
    );
    for (let i = 1; i < 10; i += 1) await createdWebhook(reseller, receiver.url, ['ping']);
    expectError(
      await createWebhookResponse(reseller, { url: receiver.url, events: ['ping'] }),
      409,
      'conflict',
    );
  });

  it("answers 404 for another user's endpoint, whatever the action, and changes nothing", async () => {
    const owner = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(owner, receiver.url, ['ping']);
    const ping = await owner.inject({ method: 'POST', url: `/api/webhooks/${created.id}/test` });
    expect(ping.statusCode, ping.body).toBe(202);
    const deliveryId = ping.json<Delivery>().id;
    for (const stranger of [await ctx.factory.signedIn('reseller', admin.user), admin]) {
      for (const [method, url, payload] of [
        ['GET', `/api/webhooks/${created.id}`, undefined],
        ['PATCH', `/api/webhooks/${created.id}`, { enabled: false }],
        ['DELETE', `/api/webhooks/${created.id}`, undefined],
        ['POST', `/api/webhooks/${created.id}/test`, undefined],
        ['POST', `/api/webhooks/${created.id}/secret`, undefined],
        ['GET', `/api/webhooks/${created.id}/deliveries`, undefined],
        ['POST', `/api/webhooks/${created.id}/deliveries/${deliveryId}/retry`, undefined],
      ] as const) {
        expectError(await stranger.inject({ method, url, payload }), 404, 'not_found');
      }
    }
    const still = await owner.inject({ method: 'GET', url: `/api/webhooks/${created.id}` });
    expect(still.json<Webhook>().enabled).toBe(true);
    const [row] = await ctx.database.db
      .select({ secret: webhookEndpoints.secretCiphertext })
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} = ${created.id}`);
    expect(testVault.decrypt(row!.secret)).toBe(created.secret);
  });

  it('audits an edit with where the events went before and after', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    const moved = `${receiver.url}?shop=2`;
    const patched = await reseller.inject({
      method: 'PATCH',
      url: `/api/webhooks/${created.id}`,
      payload: { url: moved, enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${created.id} and ${auditLog.action} = 'webhook.updated'`);
    expect(audited).toHaveLength(1);
    const [audit] = audited;
    expect(audit!.actorId).toBe(reseller.user.id);
    expect(JSON.parse(audit!.before!)).toEqual({
      url: receiver.url,
      events: ['ping'],
      enabled: true,
    });
    expect(JSON.parse(audit!.after!)).toEqual({ url: moved, events: ['ping'], enabled: false });
  });
});

describe('a new signing secret', () => {
  it('is shown once, sealed, audited, and signs every delivery from then on, pending retries too', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    // A receiver that checks signatures and knows no secret until the owner has a new one.
    let known: string | undefined;
    receiver.answerWith((r) =>
      r.headers['keymarket-event'] === 'ping' && !(known && signatureIsValid(known, r)) ? 401 : 200,
    );
    try {
      const deliveryId = await sendTestPing(reseller, created.id);
      await vi.waitFor(async () => {
        if (((await deliveryNamed(reseller, created.id, deliveryId))?.attempts ?? 0) < 1) {
          throw new Error('not yet');
        }
      }, WAIT);

      const response = await reseller.inject({
        method: 'POST',
        url: `/api/webhooks/${created.id}/secret`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const rolled = response.json<CreatedWebhook>();
      expect(rolled.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(rolled.secret).not.toBe(created.secret);
      expect(rolled).toMatchObject({ id: created.id, url: receiver.url, events: ['ping'] });
      known = rolled.secret;

      // The pending delivery's next attempt is signed with the new secret, and succeeds.
      const logged = await deliveryWhen(reseller, created.id, deliveryId, 'succeeded');
      expect(logged.attempts).toBeGreaterThanOrEqual(2);
      const arrivals = receiver.received.filter(
        (r) => r.headers['keymarket-delivery'] === deliveryId,
      );
      expect(signatureIsValid(created.secret, arrivals[0]!)).toBe(true);
      const last = arrivals.at(-1)!;
      expect(signatureIsValid(rolled.secret, last)).toBe(true);
      expect(signatureIsValid(created.secret, last)).toBe(false);
    } finally {
      receiver.answerWith(() => 200);
    }

    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} = ${created.id}`);
    expect(testVault.decrypt(row!.secretCiphertext)).toBe(known);
    expect(JSON.stringify(row)).not.toContain(known.slice(6));
    const listed = await reseller.inject({ method: 'GET', url: '/api/webhooks' });
    expect(listed.body).not.toContain(known.slice(6));
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.targetId} = ${created.id} and ${auditLog.action} = 'webhook.secret_rolled'`,
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: reseller.user.id, before: null, after: null });
  });

  it('refuses a malformed id in the error envelope, and keeps the secret', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    expectValidation(
      await reseller.inject({ method: 'POST', url: '/api/webhooks/not-a-uuid/secret' }),
      'params.id',
      'Webhook not found',
    );
    const [row] = await ctx.database.db
      .select({ secret: webhookEndpoints.secretCiphertext })
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} = ${created.id}`);
    expect(testVault.decrypt(row!.secret)).toBe(created.secret);
  });
});

describe('deliveries', () => {
  it('signs a test ping so that node:crypto verifies it, and logs it succeeded', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['order.created']);
    const ping = await reseller.inject({ method: 'POST', url: `/api/webhooks/${created.id}/test` });
    expect(ping.statusCode, ping.body).toBe(202);
    const delivery = ping.json<Delivery>();
    expect(delivery).toMatchObject({ event: 'ping', status: 'pending', attempts: 0 });

    const arrived = await vi.waitFor(() => {
      const found = receiver.received.find((r) => r.headers['keymarket-delivery'] === delivery.id);
      if (!found) throw new Error('not yet');
      return found;
    }, WAIT);
    expect(arrived.headers['content-type']).toBe('application/json');
    expect(arrived.headers['keymarket-event']).toBe('ping');
    expect(signatureIsValid(created.secret, arrived)).toBe(true);
    expect(signatureIsValid(`${created.secret}x`, arrived)).toBe(false);
    const body = bodyOf(arrived);
    expect(body).toMatchObject({ id: delivery.eventId, type: 'ping' });
    expect(body.id).toMatch(/^evt_/);
    const logged = await deliveryWhen(reseller, created.id, delivery.id, 'succeeded');
    expect(logged).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
    expect(logged.deliveredAt).not.toBeNull();
    expect(logged.payload).toEqual(body);
  });

  it('retries a failing receiver with the same delivery id until it succeeds', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    let failures = 0;
    receiver.answerWith((r) =>
      r.headers['keymarket-event'] === 'ping' && failures++ < 2 ? 503 : 200,
    );
    try {
      const deliveryId = await sendTestPing(reseller, created.id);
      const logged = await deliveryWhen(reseller, created.id, deliveryId, 'succeeded');
      const arrivals = receiver.received.filter(
        (r) => r.headers['keymarket-delivery'] === deliveryId,
      );
      expect(arrivals).toHaveLength(3);
      expect(new Set(arrivals.map((r) => bodyOf(r).id)).size).toBe(1);
      expect(logged).toMatchObject({ attempts: 3, lastStatusCode: 200, status: 'succeeded' });
    } finally {
      receiver.answerWith(() => 200);
    }
  });

  it('fails a delivery after 8 attempts, filters the log by status, and retries it by hand', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    receiver.answerWith((r) => (r.headers['keymarket-event'] === 'ping' ? 500 : 200));
    try {
      const { deliveryId, failed } = await testPingUntilFailed(reseller, created.id);
      expect(failed).toMatchObject({
        attempts: 8,
        lastStatusCode: 500,
        lastError: 'The endpoint answered 500',
        nextAttemptAt: null,
      });
      expect(
        receiver.received.filter((r) => r.headers['keymarket-delivery'] === deliveryId),
      ).toHaveLength(8);
      expect((await deliveriesOf(reseller, created.id, '?status=failed')).data).toHaveLength(1);
      expect((await deliveriesOf(reseller, created.id, '?status=succeeded')).data).toHaveLength(0);

      receiver.answerWith(() => 200);
      const retried = await reseller.inject({
        method: 'POST',
        url: `/api/webhooks/${created.id}/deliveries/${deliveryId}/retry`,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      // The answer is read back after the reset: the worker may already have tried it once.
      const answered = retried.json<Delivery>();
      expect(answered.attempts).toBeLessThanOrEqual(1);
      expect(['pending', 'succeeded']).toContain(answered.status);
      await deliveryWhen(reseller, created.id, deliveryId, 'succeeded');
    } finally {
      receiver.answerWith(() => 200);
    }
  });

  it('disables an endpoint that has failed every delivery for 24 hours, flags it, audits it and tells its owner only', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const bystander = await ctx.factory.signedIn('reseller', admin.user);
    const created = await createdWebhook(reseller, receiver.url, ['ping']);
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '25 hours'` })
      .where(sql`${webhookEndpoints.id} = ${created.id}`);
    receiver.answerWith(() => 500);
    try {
      await reseller.inject({ method: 'POST', url: `/api/webhooks/${created.id}/test` });
      const disabled = await vi.waitFor(async () => {
        const w = await reseller.inject({ method: 'GET', url: `/api/webhooks/${created.id}` });
        const view = w.json<Webhook>();
        if (view.enabled) throw new Error('not yet');
        return view;
      }, WAIT);
      expect(disabled.disabledForFailuresAt).not.toBeNull();
      const audits = await ctx.database.db
        .select()
        .from(auditLog)
        .where(
          sql`${auditLog.action} = 'webhook.disabled' and ${auditLog.targetId} = ${created.id}`,
        );
      expect(audits).toHaveLength(1);
      // Written by the statement that disabled it: there as soon as the endpoint is off.
      const told = await notificationsOf(reseller, 'webhook.disabled');
      expect(told).toEqual([
        expect.objectContaining({
          readAt: null,
          data: { webhookId: created.id, url: receiver.url },
        }),
      ]);
      expect(await notificationsOf(bystander, 'webhook.disabled')).toEqual([]);
      expect(await notificationsOf(admin, 'webhook.disabled')).toEqual([]);
    } finally {
      receiver.answerWith(() => 200);
    }
    const reenabled = await reseller.inject({
      method: 'PATCH',
      url: `/api/webhooks/${created.id}`,
      payload: { enabled: true },
    });
    expect(reenabled.json<Webhook>()).toMatchObject({ enabled: true, disabledForFailuresAt: null });
  });

  it('counts a 2xx as soon as it arrives, without reading a body that never ends', async () => {
    // 200 at once, then 64 kB every 5 ms without ever ending: read to its end, it used to hold
    // the worker for the whole timeout and count as "No answer within 10 s".
    const streaming = await serverOf((request, response) => {
      request.resume();
      response.writeHead(200);
      const timer = setInterval(() => response.write(Buffer.alloc(65_536, 120)), 5);
      response.on('close', () => clearInterval(timer));
    });
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdWebhook(reseller, streaming.url, ['ping']);
      const deliveryId = await sendTestPing(reseller, created.id);
      const logged = await deliveryWhen(reseller, created.id, deliveryId, 'succeeded', {
        timeout: 5_000,
        interval: 20,
      });
      expect(logged).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
    } finally {
      await streaming.close();
    }
  });

  it('refuses a manual retry while an attempt is in flight, whose outcome would swallow it', async () => {
    // The first request is held open until the test answers it; later ones succeed.
    let answerHeld: ((status: number) => void) | undefined;
    const holding = await serverOf((request, response) => {
      request.resume();
      if (answerHeld) return void response.end('ok');
      answerHeld = (status) => {
        response.statusCode = status;
        response.end();
      };
    });
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdWebhook(reseller, holding.url, ['ping']);
      const deliveryId = await sendTestPing(reseller, created.id);
      const retry = () =>
        reseller.inject({
          method: 'POST',
          url: `/api/webhooks/${created.id}/deliveries/${deliveryId}/retry`,
        });
      await vi.waitFor(() => {
        if (!answerHeld) throw new Error('not yet');
      }, WAIT);
      expectError(await retry(), 409, 'conflict', messages.deliveryInFlight);
      expect(await deliveryNamed(reseller, created.id, deliveryId)).toMatchObject({
        status: 'pending',
        attempts: 1,
      });

      answerHeld!(500);
      const logged = await deliveryWhen(reseller, created.id, deliveryId, 'succeeded');
      expect(logged.attempts).toBe(2);
      // Nothing in flight any more: a retry is taken (a fresh round for a settled delivery).
      expect((await retry()).statusCode).toBe(200);
    } finally {
      await holding.close();
    }
  });

  it('does not follow a redirect: a 302 is a failed attempt and its target receives nothing', async () => {
    const target = await WebhookReceiver.start();
    try {
      const reseller = await ctx.factory.signedIn('reseller', admin.user);
      const created = await createdWebhook(reseller, receiver.url, ['ping']);
      receiver.answerWith((r) =>
        r.headers['keymarket-event'] === 'ping'
          ? { status: 302, headers: { location: target.url } }
          : 200,
      );
      const { deliveryId, failed } = await testPingUntilFailed(reseller, created.id);
      expect(failed).toMatchObject({
        attempts: 8,
        lastStatusCode: 302,
        lastError: 'The endpoint answered 302',
      });
      expect(
        receiver.received.filter((r) => r.headers['keymarket-delivery'] === deliveryId),
      ).toHaveLength(8);
      expect(target.received).toEqual([]);
    } finally {
      receiver.answerWith(() => 200);
      await target.close();
    }
  });
});

/**
 * The retry schedule, read from the delivery row: after its n-th failed attempt a delivery is
 * due again WEBHOOK_RETRY_BASE_MS × 2^(n-1) after that attempt was recorded (base, 2×, 4×, …,
 * 64× for the 7th), and the 8th failure is final. The base is an hour, so the worker never
 * retries on its own: the test makes each retry due (time passing) and reads the next one. The
 * moment an attempt is recorded is bounded by the database clock read before the attempt was
 * made due and after its outcome was seen, so the check is exact without timing anything.
 */
describe('the retry schedule', () => {
  const HOUR_MS = 60 * 60 * 1000;
  const slow = useTestApp({ ...FAST_OUTBOX, WEBHOOK_RETRY_BASE_MS: String(HOUR_MS) });
  const failing = madeBeforeAll(() => WebhookReceiver.start());
  afterAll(() => failing.close());

  /** The database clock, and a delivery's fields, in microseconds since the epoch. */
  async function clockMicros(): Promise<bigint> {
    const [row] = await queryRows<{ t: string }>(
      slow.database.db,
      sql`select (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as t`,
    );
    return BigInt(row!.t);
  }
  async function deliveryRow(id: string) {
    const [row] = await queryRows<{
      status: string;
      attempts: number;
      settled: boolean;
      next: string;
    }>(
      slow.database.db,
      sql`select status, attempts, locked_until is null as settled,
            (extract(epoch from next_attempt_at) * 1000000)::bigint::text as next
          from outbox_deliveries where id = ${id}::uuid`,
    );
    return row!;
  }

  it('doubles the delay after each failed attempt, from WEBHOOK_RETRY_BASE_MS, and fails after the 8th', async () => {
    failing.answerWith(() => 500);
    const reseller = await slow.factory.signedIn('reseller');
    const created = await createdWebhook(reseller, failing.url, ['ping']);
    let before = await clockMicros();
    const deliveryId = await sendTestPing(reseller, created.id);

    let retriesChecked = 0;
    for (let attempt = 1; attempt <= 8; attempt++) {
      const row = await vi.waitFor(async () => {
        const r = await deliveryRow(deliveryId);
        if (r.attempts < attempt || !r.settled) throw new Error('not yet');
        return r;
      }, WAIT);
      const after = await clockMicros();
      expect(row.attempts).toBe(attempt);
      if (attempt === 8) {
        expect(row.status).toBe('failed');
        break;
      }
      expect(row.status).toBe('pending');
      // Recorded at some moment between `before` and `after`: the delay lies within.
      const next = BigInt(row.next);
      const expectedMs = HOUR_MS * 2 ** (attempt - 1);
      expect(next - BigInt(expectedMs) * 1000n).toBeGreaterThanOrEqual(before);
      expect(next - BigInt(expectedMs) * 1000n).toBeLessThanOrEqual(after);
      retriesChecked += 1;

      before = await clockMicros();
      await slow.database.db.execute(
        sql`update outbox_deliveries set next_attempt_at = now() where id = ${deliveryId}::uuid`,
      );
    }
    // Seven retries, each due 1, 2, 4 … 64 hours after its failure (checked in the loop).
    expect(retriesChecked).toBe(7);
    expect(
      failing.received.filter((r) => r.headers['keymarket-delivery'] === deliveryId),
    ).toHaveLength(8);
    const logged = await deliveriesOf(reseller, created.id);
    expect(logged.data[0]).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
  });

  it('holds 3 test pings of an endpoint waiting at most, so that the button floods no one', async () => {
    failing.answerWith(() => 500);
    const reseller = await slow.factory.signedIn('reseller');
    const created = await createdWebhook(reseller, failing.url, ['ping']);
    const other = await createdWebhook(reseller, failing.url, ['ping']);
    const pings = [];
    for (let i = 0; i < 3; i++) pings.push(await sendTestPing(reseller, created.id));
    // Each failed its first attempt and waits an hour for its next.
    for (const id of pings) {
      await vi.waitFor(async () => {
        const r = await deliveryRow(id);
        if (r.attempts < 1 || !r.settled) throw new Error('not yet');
      }, WAIT);
    }
    const test = (id: string) =>
      reseller.inject({ method: 'POST', url: `/api/webhooks/${id}/test` });
    expectError(await test(created.id), 409, 'conflict', messages.webhookPingsPending);
    expect((await deliveriesOf(reseller, created.id)).data).toHaveLength(3);
    // Another endpoint counts its own.
    expect((await test(other.id)).statusCode).toBe(202);
    // Once one has ended (here: it succeeded), a ping may be sent again.
    failing.answerWith(() => 200);
    await slow.database.db.execute(
      sql`update outbox_deliveries set next_attempt_at = now() where id = ${pings[0]!}::uuid`,
    );
    await deliveryWhen(reseller, created.id, pings[0]!, 'succeeded');
    expect((await test(created.id)).statusCode).toBe(202);
  });
});

describe('events', () => {
  let buyer: SignedInUser;
  let hook: CreatedWebhook;
  beforeAll(async () => {
    buyer = await ctx.factory.signedIn('reseller', admin.user);
    hook = await createdWebhook(buyer, receiver.url, [
      'order.created',
      'order.completed',
      'order.rejected',
      'balance.credited',
    ]);
  });

  const eventsFor = (type: string, orderId: string) =>
    receiver.ofType(type).filter((r) => bodyOf(r).data.order?.id === orderId);

  it('sends order.created and order.completed for an instant order, never with its keys', async () => {
    const product = await catalogue.product({ deliveryType: 'instant', keys: 2 });
    await deposit(admin, buyer.user.id, 50);
    const order = await placedOrder(buyer, product.id, 2);
    expect(order.responseKeys).toHaveLength(2);

    const [created] = await vi.waitFor(() => {
      const found = eventsFor('order.created', order.id);
      if (found.length === 0) throw new Error('not yet');
      return found;
    }, WAIT);
    // The keys and their after-sale states are for the buyer and admins only, never in an event.
    const { responseKeys: _keys, keyStates: _states, ...withoutKeys } = order;
    expect(bodyOf(created!).data.order).toEqual(withoutKeys);
    for (const key of order.responseKeys ?? []) expect(created!.body).not.toContain(key);
    expect(signatureIsValid(hook.secret, created!)).toBe(true);
    const [completed] = await vi.waitFor(() => {
      const found = eventsFor('order.completed', order.id);
      if (found.length === 0) throw new Error('not yet');
      return found;
    }, WAIT);
    for (const key of order.responseKeys ?? []) expect(completed!.body).not.toContain(key);

    const credited = await vi.waitFor(() => {
      const found = receiver
        .ofType('balance.credited')
        .filter((r) => bodyOf(r).data.entry.kind === 'deposit');
      if (found.length === 0) throw new Error('not yet');
      return found;
    }, WAIT);
    expect(bodyOf(credited[0]!).data.entry).toMatchObject({ amount: 50, bucket: 'balance' });
  });

  it('sends order.completed and order.rejected (with its refund) for request orders', async () => {
    const product = await catalogue.product({ deliveryType: 'request' });
    await deposit(admin, buyer.user.id, 30);
    const toComplete = await placedOrder(buyer, product.id, 1);
    const toReject = await placedOrder(buyer, product.id, 1);
    expect(
      (await respond(admin, toComplete.id, { status: 'completed', keys: 'SECRET-LINE-1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await respond(admin, toReject.id, { status: 'rejected', reason: 'Sold out' })).statusCode,
    ).toBe(200);

    const [completed] = await vi.waitFor(() => {
      const found = eventsFor('order.completed', toComplete.id);
      if (found.length === 0) throw new Error('not yet');
      return found;
    }, WAIT);
    expect(bodyOf(completed!).data.order).toMatchObject({ status: 'completed' });
    expect(completed!.body).not.toContain('SECRET-LINE-1');
    const [rejected] = await vi.waitFor(() => {
      const found = eventsFor('order.rejected', toReject.id);
      if (found.length === 0) throw new Error('not yet');
      return found;
    }, WAIT);
    expect(bodyOf(rejected!).data.order).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Sold out',
    });
    await vi.waitFor(() => {
      const refund = receiver
        .ofType('balance.credited')
        .find((r) => bodyOf(r).data.entry.orderId === toReject.id);
      if (!refund) throw new Error('not yet');
      expect(bodyOf(refund).data.entry).toMatchObject({ kind: 'refund', amount: 10 });
    }, WAIT);
  });

  it('writes no event for a buyer nobody listens to', async () => {
    const quiet = await ctx.factory.signedIn('reseller', admin.user);
    const product = await catalogue.product({ deliveryType: 'instant', keys: 1 });
    const before = await eventCount();
    await deposit(admin, quiet.user.id, 20);
    await placedOrder(quiet, product.id, 1);
    expect(await eventCount()).toBe(before);
  });

  it('queues each endpoint the events of an instant order it subscribed to, and no other', async () => {
    // The order statement reads the recipients once for both of its events: each delivery
    // must still go only where that event's type was chosen.
    const buyer2 = await ctx.factory.signedIn('reseller', admin.user);
    const createdOnly = await createdWebhook(buyer2, receiver.url, ['order.created']);
    const both = await createdWebhook(buyer2, receiver.url, ['order.completed', 'order.created']);
    const adminCompleted = await createdWebhook(admin, receiver.url, ['order.completed']);
    try {
      const product = await catalogue.product({ deliveryType: 'instant', keys: 1 });
      await deposit(admin, buyer2.user.id, 20);
      const order = await placedOrder(buyer2, product.id, 1);
      const queued = await queryRows<{ type: string; target: string }>(
        ctx.database.db,
        sql`select e.type, d.target_id::text as target
            from outbox_events e join outbox_deliveries d on d.event_id = e.id
            where e.data->'order'->>'id' = ${order.id}
            order by e.type, d.target_id`,
      );
      const expected = [
        { type: 'order.completed', target: both.id },
        { type: 'order.completed', target: adminCompleted.id },
        { type: 'order.created', target: createdOnly.id },
        { type: 'order.created', target: both.id },
      ].sort((a, b) => a.type.localeCompare(b.type) || (a.target < b.target ? -1 : 1));
      expect(queued).toEqual(expected);
      // One event of each type, however many endpoints receive it.
      const [events] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${outboxEvents} where data->'order'->>'id' = ${order.id}`,
      );
      expect(events?.n).toBe(2);
    } finally {
      await admin.inject({ method: 'DELETE', url: `/api/webhooks/${adminCompleted.id}` });
    }
  });

  it("sends every order's events to an administrator's endpoint", async () => {
    const adminHook = await createdWebhook(admin, receiver.url, ['order.created']);
    try {
      const other = await ctx.factory.signedIn('reseller', admin.user);
      const product = await catalogue.product({ deliveryType: 'instant', keys: 1 });
      await deposit(admin, other.user.id, 20);
      const order = await placedOrder(other, product.id, 1);
      const arrived = await vi.waitFor(() => {
        const found = eventsFor('order.created', order.id);
        if (found.length === 0) throw new Error('not yet');
        return found;
      }, WAIT);
      expect(signatureIsValid(adminHook.secret, arrived[0]!)).toBe(true);
    } finally {
      await admin.inject({ method: 'DELETE', url: `/api/webhooks/${adminHook.id}` });
    }
  });
});
