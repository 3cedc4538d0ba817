import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { Order } from '@keymarket/contracts/orders';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  balanceOf,
  bucketsOf,
  deliveryLines,
  deposit,
  ledgerOf,
  placedOrder,
  respond,
  stockOf,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

/** A funded reseller (invited by `inviter`, the admin by default) with a pending request order. */
async function pendingOrder(quantity = 2, inviter?: UserRow) {
  const buyer = await ctx.factory.signedIn('reseller', inviter ?? admin.user);
  await deposit(admin, buyer.user.id, 100);
  const product = await catalogue.product({ deliveryType: 'request', stock: 10 });
  const order = await placedOrder(buyer, product.id, quantity);
  expect(order.status).toBe('pending');
  return { buyer, product, order };
}

const getOrder = (viewer: SignedInUser, id: string) =>
  viewer.inject({ method: 'GET', url: `/api/orders/${id}` });

describe('PATCH /api/orders/{id}/respond', () => {
  it('lets the admin complete a request order with one line per unit, blank lines ignored', async () => {
    const { buyer, order } = await pendingOrder(2);

    const response = await respond(admin, order.id, {
      status: 'completed',
      keys: '\n  ACC-1 : secret  \r\n\n   \nACC-2\n\n',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      status: 'completed',
      responseKeys: ['ACC-1 : secret', 'ACC-2'],
    });
    expect(response.json<Order>().deliveredAt).not.toBeNull();
    const seen = await getOrder(buyer, order.id);
    expect(seen.json<Order>()).toMatchObject({
      status: 'completed',
      responseKeys: ['ACC-1 : secret', 'ACC-2'],
    });
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(8000n);
    await expectLedgerInvariants(db());
  });

  it('refuses a line count different from the quantity with 400 and leaves the order pending', async () => {
    const { order } = await pendingOrder(3);

    for (const keys of ['ONE\nTWO', 'ONE\nTWO\nTHREE\nFOUR', 'ONE\n\n\nTWO']) {
      expectValidation(await respond(admin, order.id, { status: 'completed', keys }), 'body.keys');
    }
    expect((await getOrder(admin, order.id)).json<Order>().status).toBe('pending');
  });

  it.each([
    ['absent', {}],
    ['empty', { keys: '' }],
    ['only blank lines', { keys: '  \n \r\n\t' }],
  ])('refuses completing with keys %s: 400 "enter the product keys"', async (_name, body) => {
    const { order } = await pendingOrder(1);
    const response = await respond(admin, order.id, { status: 'completed', ...body });
    expectValidation(response, 'body.keys', messages.keysRequired);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      'Please enter the product keys or account details',
    );
  });

  it.each([
    ['absent', {}],
    ['blank', { reason: '   ' }],
  ])('refuses a rejection whose reason is %s with 400', async (_name, body) => {
    const { buyer, order } = await pendingOrder(1);
    const response = await respond(admin, order.id, { status: 'rejected', ...body });
    expectValidation(response, 'body.reason', messages.rejectionReasonRequired);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      'Please provide a reason for rejection',
    );
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(9000n);
  });

  it('refunds the buyer in full and returns the stock when the admin rejects', async () => {
    const { buyer, product, order } = await pendingOrder(3);
    expect(await stockOf(db(), product.id)).toBe(7);

    const response = await respond(admin, order.id, { status: 'rejected', reason: 'Sold out' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Sold out',
      cancelledByBuyer: false,
    });
    expect(await balanceOf(buyer)).toMatchObject({ current: 100, spent: 0, total: 100 });
    const refunds = await ledgerOf(db(), buyer.user.id, 'refund');
    expect(refunds.map((r) => [r.bucket, r.amountCents, r.orderId, r.actorId])).toEqual([
      ['balance', 3000n, order.id, admin.user.id],
    ]);
    expect(await stockOf(db(), product.id)).toBe(10);
    await expectLedgerInvariants(db());
  });

  it('pays the seller its margin on completion and nothing on rejection', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const first = await pendingOrder(2, manager.user);
    const second = await pendingOrder(2, manager.user);

    await respond(admin, first.order.id, { status: 'completed', keys: deliveryLines(2) });
    await respond(admin, second.order.id, { status: 'rejected', reason: 'No' });

    // Both pay resellerPrice 10 to a manager costing 8: 2 × 2 on the completed order only.
    expect((await ledgerOf(db(), manager.user.id, 'profit')).map((r) => r.amountCents)).toEqual([
      400n,
    ]);
    await expectLedgerInvariants(db());
  });

  it('lets the buyer cancel its own pending order, refunded, but not complete it (403)', async () => {
    const { buyer, product, order } = await pendingOrder(2);

    expectError(
      await respond(buyer, order.id, { status: 'completed', keys: deliveryLines(2) }),
      403,
      'forbidden',
    );
    const cancelled = await respond(buyer, order.id, {
      status: 'rejected',
      reason: 'Ordered by mistake',
    });

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Ordered by mistake',
      cancelledByBuyer: true,
    });
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(10_000n);
    expect(await ledgerOf(db(), buyer.user.id, 'refund')).toHaveLength(1);
    expect(await stockOf(db(), product.id)).toBe(10);
    await expectLedgerInvariants(db());
  });

  it('answers 404 to another reseller and to the buyer’s upline, and never shows them the order', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const { buyer, order } = await pendingOrder(1, manager.user);
    const stranger = await ctx.factory.signedIn('reseller', admin.user);

    for (const caller of [stranger, manager]) {
      const response = await respond(caller, order.id, { status: 'rejected', reason: 'mine now' });
      const body = expectError(response, 404, 'not_found');
      expect(JSON.stringify(body)).not.toContain(buyer.user.username);
    }
    expectError(await getOrder(stranger, order.id), 404, 'not_found');
    expect((await getOrder(admin, order.id)).json<Order>().status).toBe('pending');
  });

  it('answers 404 for an order that does not exist and 400 for a malformed id', async () => {
    expectError(
      await respond(admin, randomUUID(), { status: 'rejected', reason: 'x' }),
      404,
      'not_found',
    );
    expectError(
      await respond(admin, 'not-a-uuid', { status: 'rejected', reason: 'x' }),
      400,
      'validation',
    );
  });

  it('refuses a second answer with 409 and changes nothing', async () => {
    const { buyer, order } = await pendingOrder(1);
    expect(
      (await respond(admin, order.id, { status: 'completed', keys: 'ACC-1' })).statusCode,
    ).toBe(200);
    const before = await bucketsOf(db(), buyer.user.id);

    expectError(
      await respond(admin, order.id, { status: 'rejected', reason: 'too late' }),
      409,
      'conflict',
    );
    expectError(
      await respond(admin, order.id, { status: 'completed', keys: 'ACC-2' }),
      409,
      'conflict',
    );
    expectError(
      await respond(buyer, order.id, { status: 'rejected', reason: 'cancel' }),
      409,
      'conflict',
    );
    expect(await bucketsOf(db(), buyer.user.id)).toEqual(before);
    expect((await getOrder(buyer, order.id)).json<Order>().responseKeys).toEqual(['ACC-1']);
    await expectLedgerInvariants(db());
  });

  it('refuses to answer an instant order (already completed) with 409: no refund of delivered keys', async () => {
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 20);
    const product = await catalogue.product({ deliveryType: 'instant', keys: 2 });
    const order = await placedOrder(buyer, product.id, 1);

    expectError(
      await respond(admin, order.id, { status: 'rejected', reason: 'refund please' }),
      409,
      'conflict',
    );
    expectError(
      await respond(buyer, order.id, { status: 'rejected', reason: 'refund please' }),
      409,
      'conflict',
    );
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(1000n);
    await expectLedgerInvariants(db());
  });
});
