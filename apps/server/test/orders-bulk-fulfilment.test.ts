import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BulkPreview, BulkResult } from '@keymarket/contracts/bulk-fulfilment';
import type { Order } from '@keymarket/contracts/orders';
import { auditLog, notifications, orders } from '../src/db/schema/index';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import { bucketsOf, deposit, ledgerOf, placedOrder, respond, stockOf } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

/** A funded reseller's pending request order of `quantity` units at $10 each. */
async function pendingOrder(quantity = 1) {
  const buyer = await ctx.factory.signedIn('reseller', admin.user);
  await deposit(admin, buyer.user.id, 100);
  const product = await catalogue.product({ deliveryType: 'request', stock: 10 });
  const order = await placedOrder(buyer, product.id, quantity);
  expect(order.status).toBe('pending');
  return { buyer, product, order };
}

const post = (actor: SignedInUser, url: string, payload: object) =>
  actor.inject({ method: 'POST', url: `/api/orders/${url}`, payload });

const getOrder = async (viewer: SignedInUser, id: string) =>
  (await viewer.inject({ method: 'GET', url: `/api/orders/${id}` })).json<Order>();

async function auditCount(orderId: string, action: string) {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, action)));
  return rows.length;
}

async function notificationsOf(userId: string, type: 'order.completed' | 'order.rejected') {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe('POST /api/orders/bulk-complete/preview', () => {
  it('matches rows to orders, both layouts and quoted keys, and names every refusal', async () => {
    const one = await pendingOrder(2);
    const spread = await pendingOrder(2);
    const short = await pendingOrder(3);
    const done = await pendingOrder(1);
    expect(
      (await respond(admin, done.order.id, { status: 'completed', keys: 'DONE' })).statusCode,
    ).toBe(200);
    const docked = await pendingOrder(1);
    await db().update(orders).set({ sourcing: 'upstream' }).where(eq(orders.id, docked.order.id));
    const backorder = await pendingOrder(1);
    await db().update(orders).set({ backordered: true }).where(eq(orders.id, backorder.order.id));
    const unknown = randomUUID();

    const csv = [
      'orderId,key',
      `${one.order.id},"KEY, WITH A COMMA",PLAIN-2`,
      `${spread.order.id},SPREAD-1`,
      `${short.order.id},ONLY-ONE`,
      '',
      `${spread.order.id.toUpperCase()}, "SPREAD-2" `,
      `${done.order.id},AGAIN`,
      `${docked.order.id},D`,
      `${backorder.order.id},B`,
      `${unknown},U`,
      'not-an-id,K',
      `${one.order.id}`,
      `${one.order.id},"broken`,
    ].join('\r\n');

    const response = await post(admin, 'bulk-complete/preview', { csv });

    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<BulkPreview>();
    const byId = new Map(preview.orders.map((row) => [row.orderId, row]));
    expect(preview.orders.map((row) => row.orderId)).toEqual([
      one.order.id,
      spread.order.id,
      short.order.id,
      done.order.id,
      docked.order.id,
      backorder.order.id,
      unknown,
    ]);
    expect(byId.get(one.order.id)).toMatchObject({
      lines: [2],
      productName: one.product.name,
      buyer: { id: one.buyer.user.id, username: one.buyer.user.username },
      quantity: 2,
      status: 'pending',
      keysGiven: 2,
      refusal: null,
      message: null,
    });
    expect(byId.get(spread.order.id)).toMatchObject({ lines: [3, 6], keysGiven: 2, refusal: null });
    expect(byId.get(short.order.id)).toMatchObject({
      refusal: 'line_count',
      message: 'Give exactly 3 keys, one per unit (the CSV gives 1)',
    });
    expect(byId.get(done.order.id)).toMatchObject({
      refusal: 'not_pending',
      status: 'completed',
      message: 'This order is already completed',
    });
    expect(byId.get(docked.order.id)?.refusal).toBe('docked');
    expect(byId.get(backorder.order.id)?.refusal).toBe('backordered');
    expect(byId.get(unknown)).toMatchObject({
      refusal: 'unknown',
      productName: null,
      buyer: null,
    });
    expect(preview.completable).toBe(2);
    expect(preview.unparsable).toEqual([
      { line: 11, reason: 'not_an_order', message: 'Line 11: "not-an-id" is not an order id' },
      { line: 12, reason: 'no_key', message: 'Line 12: no key follows the order id' },
      {
        line: 13,
        reason: 'quotes',
        message: 'Line 13: the quotes do not pair up (write a key holding a comma as "like, this")',
      },
    ]);
    // A preview answers nothing.
    expect((await getOrder(admin, one.order.id)).status).toBe('pending');
    // Made docked and backordered by hand above, without what those hold: back as they were.
    await db()
      .update(orders)
      .set({ sourcing: 'local', backordered: false })
      .where(inArray(orders.id, [docked.order.id, backorder.order.id]));
  });

  it('refuses orders beyond the cap as too many', async () => {
    const { order } = await pendingOrder(1);
    const others = Array.from({ length: 200 }, () => `${randomUUID()},K`);
    const response = await post(admin, 'bulk-complete/preview', {
      csv: [...others, `${order.id},K`].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const last = response.json<BulkPreview>().orders.at(-1);
    expect(last).toMatchObject({ orderId: order.id, refusal: 'beyond_cap', status: null });
  });
});

describe('POST /api/orders/bulk-complete', () => {
  it('completes each matching order as the single answer does and leaves the refused pending', async () => {
    const first = await pendingOrder(2);
    const second = await pendingOrder(1);
    const short = await pendingOrder(2);
    const csv = [
      `${first.order.id},"A, 1"`,
      `${first.order.id},A-2`,
      `${second.order.id},B-1`,
      `${short.order.id},C-1`,
    ].join('\n');

    const response = await post(admin, 'bulk-complete', { csv });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResult>().orders).toEqual([
      { orderId: first.order.id, outcome: 'completed', refusal: null, message: null },
      { orderId: second.order.id, outcome: 'completed', refusal: null, message: null },
      {
        orderId: short.order.id,
        outcome: 'refused',
        refusal: 'line_count',
        message: 'Give exactly 2 keys, one per unit (the CSV gives 1)',
      },
    ]);
    expect(await getOrder(first.buyer, first.order.id)).toMatchObject({
      status: 'completed',
      responseKeys: ['A, 1', 'A-2'],
    });
    expect((await getOrder(second.buyer, second.order.id)).responseKeys).toEqual(['B-1']);
    expect((await getOrder(admin, short.order.id)).status).toBe('pending');
    for (const { buyer, order } of [first, second]) {
      expect(await auditCount(order.id, 'order.completed')).toBe(1);
      expect(await notificationsOf(buyer.user.id, 'order.completed')).toHaveLength(1);
    }
    expect(await auditCount(short.order.id, 'order.completed')).toBe(0);
    await expectLedgerInvariants(db());

    // The same file again completes nothing twice.
    const again = await post(admin, 'bulk-complete', { csv });
    expect(again.json<BulkResult>().orders.map((o) => [o.outcome, o.refusal])).toEqual([
      ['refused', 'not_pending'],
      ['refused', 'not_pending'],
      ['refused', 'line_count'],
    ]);
    expect(await auditCount(first.order.id, 'order.completed')).toBe(1);
  });
});

describe('POST /api/orders/bulk-reject', () => {
  it('rejects each with the one reason, refunding and notifying each, and refuses the rest', async () => {
    const first = await pendingOrder(2);
    const second = await pendingOrder(1);
    const done = await pendingOrder(1);
    await respond(admin, done.order.id, { status: 'completed', keys: 'DONE' });
    const unknown = randomUUID();

    const response = await post(admin, 'bulk-reject', {
      orderIds: [first.order.id, done.order.id, unknown, second.order.id],
      reason: 'Supplier out of stock',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<BulkResult>().orders.map((o) => [o.orderId, o.outcome, o.refusal]),
    ).toEqual([
      [first.order.id, 'rejected', null],
      [done.order.id, 'refused', 'not_pending'],
      [unknown, 'refused', 'unknown'],
      [second.order.id, 'rejected', null],
    ]);
    for (const { buyer, order, product } of [first, second]) {
      expect(await getOrder(buyer, order.id)).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Supplier out of stock',
      });
      expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(10000n);
      const refunds = await ledgerOf(db(), buyer.user.id, 'refund');
      expect(refunds.map((r) => r.orderId)).toEqual([order.id]);
      expect(await stockOf(db(), product.id)).toBe(10);
      expect(await auditCount(order.id, 'order.rejected')).toBe(1);
      const [note] = await notificationsOf(buyer.user.id, 'order.rejected');
      expect(note?.data).toMatchObject({ orderId: order.id, reason: 'Supplier out of stock' });
    }
    await expectLedgerInvariants(db());
  });
});

describe('bulk answers: who may, and bad input', () => {
  it('answers 403 to anyone but an administrator', async () => {
    const { buyer, order } = await pendingOrder(1);
    const manager = await ctx.factory.signedIn('manager', admin.user);
    for (const who of [buyer, manager]) {
      expectError(
        await post(who, 'bulk-complete/preview', { csv: `${order.id},K` }),
        403,
        'forbidden',
      );
      expectError(await post(who, 'bulk-complete', { csv: `${order.id},K` }), 403, 'forbidden');
      expectError(
        await post(who, 'bulk-reject', { orderIds: [order.id], reason: 'No' }),
        403,
        'forbidden',
      );
    }
    expect((await getOrder(admin, order.id)).status).toBe('pending');
  });

  it('answers the validation envelope to an empty, too long or ill-typed body', async () => {
    expectValidation(await post(admin, 'bulk-complete', { csv: ' \n ' }), 'body.csv');
    expectValidation(await post(admin, 'bulk-complete/preview', { csv: 12 }), 'body.csv');
    expectValidation(
      await post(admin, 'bulk-complete/preview', { csv: 'x\n'.repeat(10_000) }),
      'body.csv',
      'The CSV cannot exceed 10000 lines',
    );
    expectValidation(await post(admin, 'bulk-complete', { csv: 'a', extra: 1 }), 'body.extra');
    expectValidation(
      await post(admin, 'bulk-reject', { orderIds: [], reason: 'No' }),
      'body.orderIds',
    );
    const id = randomUUID();
    expectValidation(
      await post(admin, 'bulk-reject', { orderIds: [id, id], reason: 'No' }),
      'body.orderIds',
      'An order is named twice',
    );
    expectValidation(
      await post(admin, 'bulk-reject', {
        orderIds: Array.from({ length: 201 }, () => randomUUID()),
        reason: 'No',
      }),
      'body.orderIds',
      'Reject at most 200 orders at once',
    );
    expectValidation(
      await post(admin, 'bulk-reject', { orderIds: [id], reason: '  ' }),
      'body.reason',
    );
    expectValidation(
      await post(admin, 'bulk-reject', { orderIds: ['nope'], reason: 'No' }),
      'body.orderIds.0',
    );
    expectError(
      await post(admin, 'bulk-complete', { csv: 'x'.repeat(5 * 1024 * 1024) }),
      413,
      'payload_too_large',
    );
  });
});

// Two administrators (or one double click) sending the same file at once: PGlite's one
// connection would run them one after the other, so this proves something on PostgreSQL only.
describe.skipIf(!onPostgres)('bulk completion racing itself (PostgreSQL)', () => {
  it('completes each order once when the same CSV is sent twice at once', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, () => pendingOrder(2)));
    const csv = placed.map(({ order }) => `${order.id},K-${order.id},L-${order.id}`).join('\n');

    const [a, b] = await Promise.all([
      post(admin, 'bulk-complete', { csv }),
      post(admin, 'bulk-complete', { csv }),
    ]);

    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
    const outcomes = [a, b].flatMap((r) => r.json<BulkResult>().orders);
    for (const { order } of placed) {
      const mine = outcomes.filter((o) => o.orderId === order.id);
      expect(mine.map((o) => o.outcome).sort()).toEqual(['completed', 'refused']);
      expect(await auditCount(order.id, 'order.completed')).toBe(1);
    }
    const rows = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map(({ order }) => order.id),
        ),
      );
    expect(rows.every((row) => row.status === 'completed')).toBe(true);
    await expectLedgerInvariants(db());
  });
});
