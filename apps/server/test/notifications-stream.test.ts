import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@keymarket/contracts/notifications';
import { openDatabase } from '../src/db/client';
import { notifyUserCte, writeNotification } from '../src/modules/notifications/notification-writes';
import { freshPostgresDatabase, onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { deliveryLines, deposit, placedOrder, respond } from './helpers/money';
import { listening, notificationEvent, SseClient } from './helpers/sse-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { madeBeforeAll, useSignedIn, useTestApp } from './helpers/use-app';

const STREAM = { STREAM_HEARTBEAT_MS: '200' };

describe('GET /api/notifications/stream', () => {
  const ctx = useTestApp(STREAM);
  const admin = useSignedIn(ctx, 'admin');
  const world = madeBeforeAll(async () => {
    const baseUrl = await listening(ctx.app);
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const buyer = await ctx.factory.signedIn('reseller', manager.user);
    const stranger = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 100);
    return { baseUrl, manager, buyer, stranger, catalogue: new CatalogueFactory(ctx.database.db) };
  });
  const streams: SseClient[] = [];
  afterAll(() => streams.forEach((s) => s.close()));
  const open = async (user: SignedInUser, headers: Record<string, string> = {}) => {
    const stream = await SseClient.open(world.baseUrl, user.cookies, headers);
    streams.push(stream);
    await stream.next((e) => e.event === 'ready');
    return stream;
  };

  it('refuses a caller without a session with the error envelope', async () => {
    const response = await fetch(`${world.baseUrl}/api/notifications/stream`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: { type: 'unauthorized' } });
  });

  it('answers HEAD with the headers at once, holding no stream open', async () => {
    // It used to open the stream, which kept the headers until its maximum age (5 minutes).
    const response = await fetch(`${world.baseUrl}/api/notifications/stream`, {
      method: 'HEAD',
      headers: { cookie: world.buyer.cookies },
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await response.text()).toBe('');
  });

  it('pushes each new notification to its recipient only, with balance and order changes, and heartbeats', async () => {
    const { buyer, manager, stranger, catalogue } = world;
    const buyerStream = await open(buyer);
    const managerStream = await open(manager);
    const adminStream = await open(admin);
    const strangerStream = await open(stranger);
    expect(buyerStream.status).toBe(200);

    const product = await catalogue.product({ deliveryType: 'request', stock: 5 });
    const order = await placedOrder(buyer, product.id, 1);
    const pending = await adminStream.next(notificationEvent('order.pending'));
    expect((pending.data as Notification).data).toMatchObject({ orderId: order.id });
    await adminStream.next((e) => e.event === 'orders');
    await buyerStream.next((e) => e.event === 'balance');

    const answer = await respond(admin, order.id, { status: 'completed', keys: deliveryLines(1) });
    expect(answer.statusCode, answer.body).toBe(200);
    const completed = await buyerStream.next(notificationEvent('order.completed'));
    expect(completed.id).toMatch(/^\d+$/);
    expect((completed.data as Notification).data).toMatchObject({ orderId: order.id });
    await buyerStream.next(
      (e) => e.event === 'orders' && (e.data as { orderId: string }).orderId === order.id,
    );
    await managerStream.next(notificationEvent('profit.credited'));
    await managerStream.next((e) => e.event === 'balance');

    await buyerStream.heartbeats(2);
    // The stranger heard nothing of it but heartbeats.
    expect(strangerStream.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('delivers a new notification less than a second after the commit of its change', async () => {
    const { buyer } = world;
    const stream = await open(buyer);
    // The change: a notification written in a transaction of the test's own, so the clock starts
    // at its COMMIT (taken just before it: the time measured includes the commit itself).
    let committing = 0;
    await ctx.database.db.transaction(async (tx) => {
      await writeNotification(
        tx,
        notifyUserCte('timed', {
          type: 'ticket.answered',
          userId: sql`${buyer.user.id}::uuid`,
          data: sql`jsonb_build_object('ticketId', ${randomUUID()}::text, 'subject', 'Timed')`,
          signal: true,
        }),
      );
      committing = performance.now();
    });
    const event = await stream.next(notificationEvent('ticket.answered'));
    expect((event.data as Notification).data).toMatchObject({ subject: 'Timed' });
    expect(event.receivedAt - committing).toBeLessThan(1000);
  });

  it('resumes with Last-Event-ID: what was raised while disconnected arrives, and nothing sent before', async () => {
    const { buyer } = world;
    const first = await open(buyer);
    await deposit(admin, buyer.user.id, 1);
    const seen = await first.next(notificationEvent('balance.credited'));
    first.close();

    await deposit(admin, buyer.user.id, 2);
    await deposit(admin, buyer.user.id, 3);
    const resumed = await open(buyer, { 'last-event-id': seen.id ?? '' });
    const missed = [
      await resumed.next(notificationEvent('balance.credited')),
      await resumed.next(notificationEvent('balance.credited')),
    ].map((e) => ((e.data as Notification).data as { amount: number }).amount);
    expect(missed).toEqual([2, 3]);
    expect(resumed.events.filter((e) => e.event === 'notification').map((e) => e.id)).not.toContain(
      seen.id,
    );
  });

  it('closes the open streams when the app closes', async () => {
    const other = await createTestApp(STREAM, undefined);
    const url = await listening(other.app);
    const user = await other.factory.signedIn('admin');
    const stream = await SseClient.open(url, user.cookies);
    await stream.next((e) => e.event === 'ready');
    await other.close();
    await vi.waitFor(() => expect(stream.closed).toBe(true));
  }, 60_000);
});

/**
 * Two app instances on one PostgreSQL database: a change made through one reaches a stream
 * opened on the other (LISTEN/NOTIFY), in either direction.
 */
describe.skipIf(!onPostgres)('the stream across two instances', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const { database, url } = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
    first = await createTestApp(STREAM, database);
    second = await createTestApp(STREAM, await openDatabase({ kind: 'postgres', url, poolMax: 6 }));
  }, 60_000);

  afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await second?.close();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed before making it
    await first?.close();
  });

  it('delivers a notification raised through one instance to a stream on the other', async () => {
    const admin = await first.factory.signedIn('admin');
    const buyer = await first.factory.signedIn('reseller', admin.user);
    const buyerOnSecond = await second.factory.signIn(buyer.user);
    const adminOnSecond = await second.factory.signIn(admin.user);
    const url = await listening(second.app);
    const buyerStream = await SseClient.open(url, buyerOnSecond.cookies);
    const adminStream = await SseClient.open(url, adminOnSecond.cookies);
    try {
      await buyerStream.next((e) => e.event === 'ready');
      await adminStream.next((e) => e.event === 'ready');
      await deposit(admin, buyer.user.id, 50);
      await buyerStream.next(notificationEvent('balance.credited'));
      await buyerStream.next((e) => e.event === 'balance');

      // The order statement's signals go out after its commit (LivePublisher), also across.
      const product = await new CatalogueFactory(first.database.db).product({
        deliveryType: 'request',
        stock: 3,
      });
      const order = await placedOrder(buyer, product.id, 1);
      const pending = await adminStream.next(notificationEvent('order.pending'));
      expect((pending.data as Notification).data).toMatchObject({ orderId: order.id });
    } finally {
      buyerStream.close();
      adminStream.close();
    }
  });
});
