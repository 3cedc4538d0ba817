import { describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@keymarket/contracts/notifications';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { useCatalogueApp } from './helpers/catalogue-app';
import {
  addBalance,
  convertProfit,
  deliveryLines,
  deposit,
  placedOrder,
  respond,
} from './helpers/money';
import { madeBeforeAll } from './helpers/use-app';
import { foldAllProfit } from '../src/modules/ledger/profit-accruals';

const { ctx, catalogue, admin } = useCatalogueApp();

/**
 * Two branches under the admin: manager A with its reseller A (priced by A: A earns a margin on
 * each of its sales), and manager B with reseller B, who must never hear of branch A.
 */
const people = madeBeforeAll(async () => {
  const secondAdmin = await ctx.factory.signedIn('admin');
  const managerA = await ctx.factory.signedIn('manager', admin.user);
  const resellerA = await ctx.factory.signedIn('reseller', managerA.user);
  const managerB = await ctx.factory.signedIn('manager', admin.user);
  const resellerB = await ctx.factory.signedIn('reseller', managerB.user);
  for (const user of [managerA, resellerA, managerB, resellerB]) {
    await deposit(admin, user.user.id, 200);
  }
  // Deposits raised balance.credited: start every test from read.
  for (const user of [admin, secondAdmin, managerA, resellerA, managerB, resellerB]) {
    await readAll(user);
  }
  return { secondAdmin, managerA, resellerA, managerB, resellerB };
});

async function listOf(user: SignedInUser, query = '') {
  const response = await user.inject({ method: 'GET', url: `/api/notifications${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>();
}

async function unreadOf(user: SignedInUser, type?: string): Promise<Notification[]> {
  const { data } = await listOf(user, '?unread=true&limit=100');
  return type ? data.filter((n) => n.type === type) : data;
}

async function readAll(user: SignedInUser) {
  const response = await user.inject({ method: 'POST', url: '/api/notifications/read-all' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ updated: number }>();
}

async function pendingRequestOrder(buyer: SignedInUser, quantity = 1) {
  const product = await catalogue.product({
    deliveryType: 'request',
    stock: 10,
    name: 'Netflix 1M',
  });
  return placedOrder(buyer, product.id, quantity);
}

describe('notifications raised by their cause, for their audience only', () => {
  it('order.pending reaches every administrator, and nobody else, when a request order waits', async () => {
    const { secondAdmin, managerA, resellerA, resellerB } = people;
    const order = await pendingRequestOrder(resellerA, 2);

    for (const each of [admin, secondAdmin]) {
      const [pending] = await unreadOf(each, 'order.pending');
      expect(pending).toMatchObject({
        type: 'order.pending',
        readAt: null,
        data: {
          orderId: order.id,
          productName: 'Netflix 1M',
          quantity: 2,
          totalAmount: order.totalAmount,
          buyer: { id: resellerA.user.id, username: resellerA.user.username },
        },
      });
    }
    for (const each of [managerA, resellerA, resellerB]) expect(await unreadOf(each)).toEqual([]);
    await readAll(admin);
    await readAll(secondAdmin);
  });

  it('order.completed reaches the buyer and profit.credited its seller when the admin completes it', async () => {
    const { managerA, resellerA, managerB, resellerB } = people;
    const order = await pendingRequestOrder(resellerA, 2);
    await readAll(admin);
    const answer = await respond(admin, order.id, { status: 'completed', keys: deliveryLines(2) });
    expect(answer.statusCode, answer.body).toBe(200);

    expect(await unreadOf(resellerA)).toEqual([
      expect.objectContaining({
        type: 'order.completed',
        data: { orderId: order.id, productName: 'Netflix 1M', quantity: 2, totalAmount: 20 },
      }),
    ]);
    // Reseller A pays $10 a unit, manager A $8: $2 a unit.
    expect(await unreadOf(managerA)).toEqual([
      expect.objectContaining({ type: 'profit.credited', data: { amount: 4, orders: 1 } }),
    ]);
    for (const each of [admin, managerB, resellerB]) expect(await unreadOf(each)).toEqual([]);
    await readAll(resellerA);
  });

  it('instant sales add themselves to the seller’s one unread profit entry; the buyer is not told', async () => {
    const { managerA, resellerA } = people;
    await readAll(managerA);
    const product = await catalogue.product({ deliveryType: 'instant', keys: 3 });
    await placedOrder(resellerA, product.id, 1);
    await placedOrder(resellerA, product.id, 2);
    // The margins wait for the profit fold, which writes the entry (profit-accruals.ts).
    expect(await unreadOf(managerA)).toEqual([]);
    await foldAllProfit(ctx.database.db);

    const entries = await unreadOf(managerA);
    expect(entries).toEqual([
      expect.objectContaining({ type: 'profit.credited', data: { amount: 6, orders: 2 } }),
    ]);
    expect(await unreadOf(resellerA)).toEqual([]);

    // Once read, the next sale opens a new entry.
    await readAll(managerA);
    await placedOrder(resellerA, (await catalogue.product({ keys: 1 })).id, 1);
    await foldAllProfit(ctx.database.db);
    expect(await unreadOf(managerA)).toEqual([
      expect.objectContaining({ type: 'profit.credited', data: { amount: 2, orders: 1 } }),
    ]);
    await readAll(managerA);
  });

  it('order.rejected reaches the buyer (not a second balance.credited for the refund); its own cancel tells nobody', async () => {
    const { resellerA } = people;
    const rejected = await pendingRequestOrder(resellerA);
    const answer = await respond(admin, rejected.id, {
      status: 'rejected',
      reason: 'Out of codes',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await unreadOf(resellerA)).toEqual([
      expect.objectContaining({
        type: 'order.rejected',
        data: expect.objectContaining({
          orderId: rejected.id,
          reason: 'Out of codes',
          totalAmount: 10,
        }) as unknown,
      }),
    ]);
    await readAll(resellerA);

    const cancelled = await pendingRequestOrder(resellerA);
    await readAll(admin);
    const cancel = await respond(resellerA, cancelled.id, {
      status: 'rejected',
      reason: 'Mistake',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await unreadOf(resellerA)).toEqual([]);
    expect(await unreadOf(admin)).toEqual([]);
  });

  it('balance.credited reaches the credited user for a deposit or a transfer, not for its own conversion', async () => {
    const { managerA, resellerA, resellerB } = people;
    await deposit(admin, resellerA.user.id, 5);
    const transfer = await addBalance(managerA, resellerA.user.id, 1.5);
    expect(transfer.statusCode, transfer.body).toBe(200);

    const credited = await unreadOf(resellerA, 'balance.credited');
    expect(credited.map((n) => n.data)).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        amount: 1.5,
        actor: { id: managerA.user.id, username: managerA.user.username },
      }),
      expect.objectContaining({
        kind: 'deposit',
        amount: 5,
        actor: { id: admin.user.id, username: admin.user.username },
      }),
    ]);
    expect(await unreadOf(resellerB)).toEqual([]);
    await readAll(resellerA);

    // Manager A holds profit from the sales above; converting it is its own doing.
    await readAll(managerA);
    const converted = await convertProfit(managerA, 10);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(await unreadOf(managerA)).toEqual([]);
  });

  it('ticket.opened reaches the administrators; ticket.answered the author', async () => {
    const { secondAdmin, managerA, resellerB } = people;
    for (const each of [admin, secondAdmin]) await readAll(each);
    const opened = await resellerB.inject({
      method: 'POST',
      url: '/api/tickets/create',
      payload: { subject: 'Key does not work', message: 'The key I bought says invalid.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json<{ id: string }>().id;
    for (const each of [admin, secondAdmin]) {
      expect(await unreadOf(each)).toEqual([
        expect.objectContaining({
          type: 'ticket.opened',
          data: {
            ticketId,
            subject: 'Key does not work',
            author: { id: resellerB.user.id, username: resellerB.user.username },
          },
        }),
      ]);
    }
    expect(await unreadOf(managerA)).toEqual([]);

    const answered = await admin.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}/respond`,
      payload: { response: 'Here is a new one.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await unreadOf(resellerB)).toEqual([
      expect.objectContaining({
        type: 'ticket.answered',
        data: { ticketId, subject: 'Key does not work' },
      }),
    ]);
    for (const each of [admin, secondAdmin, resellerB]) await readAll(each);
  });
});

describe('order.pending entries follow their order', () => {
  const pendingAbout = async (each: SignedInUser, orderId: string) =>
    (await unreadOf(each, 'order.pending')).filter(
      (n) => (n.data as { orderId: string }).orderId === orderId,
    );

  it.each([
    ['completed by an administrator', 'admin', { status: 'completed', keys: deliveryLines(1) }],
    ['rejected by an administrator', 'admin', { status: 'rejected', reason: 'Out of codes' }],
    ['cancelled by its buyer', 'buyer', { status: 'rejected', reason: 'Mistake' }],
  ] as const)('are read for every administrator once the order is %s', async (_, who, answer) => {
    const { secondAdmin, resellerA } = people;
    const order = await pendingRequestOrder(resellerA);
    const other = await pendingRequestOrder(resellerA);
    for (const each of [admin, secondAdmin]) {
      expect(await pendingAbout(each, order.id)).toHaveLength(1);
    }

    const response = await respond(who === 'admin' ? secondAdmin : resellerA, order.id, answer);
    expect(response.statusCode, response.body).toBe(200);

    for (const each of [admin, secondAdmin]) {
      expect(await pendingAbout(each, order.id)).toEqual([]);
      const [entry] = (await listOf(each, '?type=order.pending&limit=100')).data.filter(
        (n) => (n.data as { orderId: string }).orderId === order.id,
      );
      expect(entry?.readAt).not.toBeNull();
      // The order still waiting keeps its entry.
      expect(await pendingAbout(each, other.id)).toHaveLength(1);
    }
    await respond(admin, other.id, { status: 'rejected', reason: 'Tidy up' });
    for (const each of [admin, secondAdmin, resellerA]) await readAll(each);
  });
});

describe('reading notifications', () => {
  it('lists newest first with the unread count, filters unread, marks one and all read', async () => {
    const { resellerB, resellerA } = people;
    await deposit(admin, resellerB.user.id, 1);
    await deposit(admin, resellerB.user.id, 2);
    await deposit(admin, resellerB.user.id, 3);

    const all = await listOf(resellerB, '?limit=2');
    expect(all.unread).toBe(3);
    expect(all.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(all.data.map((n) => (n.data as { amount: number }).amount)).toEqual([3, 2]);

    const [newest] = all.data;
    const read = await resellerB.inject({
      method: 'POST',
      url: `/api/notifications/${newest?.id}/read`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Notification>().readAt).not.toBeNull();
    const unread = await listOf(resellerB, '?unread=true');
    expect(unread.unread).toBe(2);
    expect(unread.data.map((n) => (n.data as { amount: number }).amount)).toEqual([2, 1]);
    const count = await resellerB.inject({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(count.json()).toEqual({ unread: 2 });

    // Someone else's notification does not exist for the caller.
    const foreign = await resellerA.inject({
      method: 'POST',
      url: `/api/notifications/${newest?.id}/read`,
    });
    expectError(foreign, 404, 'not_found');

    expect(await readAll(resellerB)).toEqual({ updated: 2 });
    expect((await listOf(resellerB)).unread).toBe(0);
  });

  it('filters by type, keeping the unread count of every type', async () => {
    const { resellerB } = people;
    await readAll(resellerB);
    await deposit(admin, resellerB.user.id, 4);
    const rejected = await pendingRequestOrder(resellerB);
    await respond(admin, rejected.id, { status: 'rejected', reason: 'Out of codes' });

    const credited = await listOf(resellerB, '?type=balance.credited&unread=true');
    expect(credited.data.map((n) => n.type)).toEqual(['balance.credited']);
    expect(credited.pagination.total).toBe(1);
    expect(credited.unread).toBe(2);
    const answered = await listOf(resellerB, '?type=order.rejected');
    expect(answered.data.map((n) => n.type)).toEqual(['order.rejected']);
    expect((await listOf(resellerB, '?type=stock.low')).data).toEqual([]);
    await readAll(resellerB);
  });

  it('refuses a bad id or filter with the error envelope', async () => {
    const badType = await admin.inject({ method: 'GET', url: '/api/notifications?type=order' });
    expectError(badType, 400, 'validation');
    const bad = await admin.inject({ method: 'POST', url: '/api/notifications/nope/read' });
    expectError(bad, 400, 'validation');
    const filter = await admin.inject({ method: 'GET', url: '/api/notifications?unread=maybe' });
    expectError(filter, 400, 'validation');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/notifications' });
    expectError(anonymous, 401, 'unauthorized');
  });
});
