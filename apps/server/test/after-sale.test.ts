import { messageTemplateOf } from '@keymarket/contracts/messages';
import { afterSaleMessages } from '@keymarket/contracts/orders';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import type { Order } from '@keymarket/contracts/orders';
import type { Ticket } from '@keymarket/contracts/tickets';
import { actOnKey, freshKeys, importKeys, reportKey, sellerChain } from './helpers/after-sale';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  addBalance,
  bucketsOf,
  convertProfit,
  deposit,
  fundedReseller,
  ledgerOf,
  placeOrder,
  placedOrder,
  respond,
  stockOf,
  unsoldKeysOf,
} from './helpers/money';

const app = useCatalogueApp();
const { ctx, catalogue, admin, db } = app;

const moveKeys = (productId: string, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/products/${productId}/keys/move`, payload });

const auditOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const getOrder = async (viewer: SignedInUser, id: string) =>
  (await viewer.inject({ method: 'GET', url: `/api/orders/${id}` })).json<Order>();

/** An instant product allowing backorders, with `keys` keys, and a reseller with $100. */
async function backorderSetup(keys = 0) {
  const product = await catalogue.product({ allowBackorder: true, keys });
  const buyer = await fundedReseller(ctx.factory, admin, 100);
  return { product, buyer };
}

/** manager (invited by the admin) → reseller buyer; the manager sells at $12, the platform at $8. */
const chainSetup = (keys: number) => sellerChain(app, keys);

describe('backorders', () => {
  it('takes an instant order beyond the keys as a paid, pending backorder', async () => {
    const { product, buyer } = await backorderSetup(1);
    const order = await placedOrder(buyer, product.id, 3);
    expect(order).toMatchObject({ status: 'pending', backordered: true, totalAmount: 30 });
    expect(order.responseKeys).toEqual([]);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(7000n);
    // Nothing taken from the stock: the one key is still for sale.
    expect(await stockOf(db(), product.id)).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('still refuses a product that does not allow backorders with out_of_stock', async () => {
    const product = await catalogue.product({ keys: 1 });
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    expectError(
      await placeOrder(buyer, { productId: product.id, quantity: 2 }),
      409,
      'out_of_stock',
    );
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(10000n);
  });

  it('shows "backorder" instead of "out of stock" for such a product', async () => {
    const { product, buyer } = await backorderSetup(0);
    const list = await buyer.inject({ method: 'GET', url: '/api/products?limit=100' });
    expect(list.statusCode, list.body).toBe(200);
    const seen = list
      .json<{ data: { id: string; badges: string[]; allowBackorder: boolean }[] }>()
      .data.find((p) => p.id === product.id);
    expect(seen).toMatchObject({ allowBackorder: true });
    expect(seen!.badges).toContain('backorder');
    expect(seen!.badges).not.toContain('out of stock');
  });

  it('fills waiting backorders oldest first on import, whole or not at all, as instant sales', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const product = await catalogue.product({ allowBackorder: true });
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
    const buyer = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, buyer.user.id, 100);
    const first = await placedOrder(buyer, product.id, 2);
    const second = await placedOrder(buyer, product.id, 3);
    const third = await placedOrder(buyer, product.id, 1);

    // 4 keys: the first (2) fills, the second (3) cannot, so the third waits behind it.
    const keys = freshKeys(4);
    const imported = await importKeys(admin, product.id, keys);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 4, stock: 2 });

    const filled = await getOrder(buyer, first.id);
    expect(filled).toMatchObject({ status: 'completed', backordered: true });
    // Two of the imported keys (keys imported together have no order among them yet).
    expect(filled.responseKeys).toHaveLength(2);
    expect(keys).toEqual(expect.arrayContaining(filled.responseKeys!));
    expect(filled.keyStates).toEqual(['delivered', 'delivered']);
    expect((await getOrder(buyer, second.id)).status).toBe('pending');
    expect((await getOrder(buyer, third.id)).status).toBe('pending');
    // The manager's margin, paid at completion: 2 × ($12 − $8).
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(800n);
    const note = await buyer.inject({ method: 'GET', url: '/api/notifications' });
    expect(note.json<{ data: { type: string }[] }>().data.map((n) => n.type)).toContain(
      'order.completed',
    );

    // One more key: the second (3) and then the third (1) fill.
    await importKeys(admin, product.id, freshKeys(2));
    expect((await getOrder(buyer, second.id)).status).toBe('completed');
    expect((await getOrder(buyer, third.id)).status).toBe('completed');
    expect(await stockOf(db(), product.id)).toBe(0);
    await expectLedgerInvariants(db());
  });

  it('fills waiting backorders from keys moved in, oldest first, in the move', async () => {
    const manager = await ctx.factory.signedIn('manager', admin.user);
    const product = await catalogue.product({ allowBackorder: true });
    await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
    const buyer = await ctx.factory.signedIn('reseller', manager.user);
    await deposit(admin, buyer.user.id, 100);
    const first = await placedOrder(buyer, product.id, 2);
    const second = await placedOrder(buyer, product.id, 3);
    const third = await placedOrder(buyer, product.id, 1);
    const source = await catalogue.product({ keys: 6 });

    // 4 keys moved in: the first (2) fills, the second (3) cannot, so the third waits behind it.
    const moved = await moveKeys(source.id, { toProductId: product.id, count: 4 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ moved: 4, stock: 2, targetStock: 2 });
    const filled = await getOrder(buyer, first.id);
    expect(filled).toMatchObject({ status: 'completed', backordered: true });
    expect(filled.responseKeys).toHaveLength(2);
    expect((await getOrder(buyer, second.id)).status).toBe('pending');
    expect((await getOrder(buyer, third.id)).status).toBe('pending');
    // Paid at completion, as after an import: 2 × ($12 − $8).
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(800n);
    const [audit] = await auditOf('product.keys_moved', source.id);
    expect(JSON.parse(audit!.after!)).toMatchObject({ backordersFilled: 1 });

    // The selected last two: the second and the third fill now.
    const rest = await moveKeys(source.id, { toProductId: product.id, count: 2 });
    expect(rest.json()).toEqual({ moved: 2, stock: 0, targetStock: 0 });
    expect((await getOrder(buyer, second.id)).status).toBe('completed');
    expect((await getOrder(buyer, third.id)).status).toBe('completed');
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(2400n);
    await expectLedgerInvariants(db());
  });

  it('fills the backorders behind a cancelled one from the keys already there', async () => {
    const { product, buyer } = await backorderSetup(0);
    const large = await placedOrder(buyer, product.id, 5);
    const small = await placedOrder(buyer, product.id, 2);
    // 3 keys: not enough for the first in line, so the second waits behind it.
    await importKeys(admin, product.id, freshKeys(3));
    expect((await getOrder(buyer, small.id)).status).toBe('pending');
    expect(await stockOf(db(), product.id)).toBe(3);

    // The large one leaves the line: the small one takes 2 of the keys already there.
    const cancel = await respond(buyer, large.id, { status: 'rejected', reason: 'Too slow' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await getOrder(buyer, small.id)).status).toBe('completed');
    expect(await stockOf(db(), product.id)).toBe(1);
    await expectLedgerInvariants(db());
  });

  it('an import of duplicates only still fills what the unsold keys can', async () => {
    const { product, buyer } = await backorderSetup(0);
    const keys = freshKeys(2);
    await importKeys(admin, product.id, keys);
    // A backorder left waiting beside unsold keys (its own fill failed after it was paid, say):
    // made by hand from a delivered order, its key given back to the pool.
    const stuck = await placedOrder(buyer, product.id, 1);
    await db().execute(
      sql`update orders set status = 'pending', backordered = true, delivered_at = null
          where id = ${stuck.id}::uuid`,
    );
    await db().execute(
      sql`update product_keys set order_id = null, sold_at = null where order_id = ${stuck.id}::uuid`,
    );
    await db().execute(
      sql`insert into product_stock_changes (product_id, delta) values (${product.id}::uuid, 1)`,
    );
    expect(await stockOf(db(), product.id)).toBe(2);

    const again = await importKeys(admin, product.id, keys);
    expect(again.json()).toMatchObject({ added: 0, duplicates: 2, stock: 1 });
    const filled = await getOrder(buyer, stuck.id);
    expect(filled).toMatchObject({ status: 'completed', backordered: true });
    expect(filled.responseKeys).toHaveLength(1);
    await expectLedgerInvariants(db());
  });

  it('lets the buyer cancel a backorder for a full refund, and the admin reject one', async () => {
    const { product, buyer } = await backorderSetup(0);
    const cancelled = await placedOrder(buyer, product.id, 2);
    const rejected = await placedOrder(buyer, product.id, 1);

    const cancel = await respond(buyer, cancelled.id, { status: 'rejected', reason: 'Too slow' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<Order>()).toMatchObject({ status: 'rejected', cancelledByBuyer: true });
    const reject = await respond(admin, rejected.id, {
      status: 'rejected',
      reason: 'Discontinued',
    });
    expect(reject.json<Order>()).toMatchObject({ status: 'rejected', cancelledByBuyer: false });
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(10000n);
    // Neither gave back stock it never took.
    expect(await stockOf(db(), product.id)).toBe(0);
    // Nor does an import fill them.
    await importKeys(admin, product.id, freshKeys(3));
    expect(await stockOf(db(), product.id)).toBe(3);
    await expectLedgerInvariants(db());
  });

  it('refuses completing a backorder by hand', async () => {
    const { product, buyer } = await backorderSetup(0);
    const order = await placedOrder(buyer, product.id, 1);
    expectError(
      await respond(admin, order.id, { status: 'completed', keys: 'X' }),
      409,
      'conflict',
    );
  });

  it('fills a backorder at once when keys are there by the time it is placed', async () => {
    const { product, buyer } = await backorderSetup(2);
    const order = await placedOrder(buyer, product.id, 2);
    expect(order.status).toBe('completed');
    expect(order.backordered).toBe(false);
    await expectLedgerInvariants(db());
  });
});

describe('faulty keys', () => {
  it('opens a report ticket linked to the order and key, beside an ordinary open ticket', async () => {
    const { product } = await backorderSetup(3);
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    const order = await placedOrder(buyer, product.id, 2);
    const ordinary = await buyer.inject({
      method: 'POST',
      url: '/api/tickets/create',
      payload: { subject: 'A question', message: 'Something else entirely' },
    });
    expect(ordinary.statusCode, ordinary.body).toBe(201);

    const first = await reportKey(buyer, order.id, { keyIndex: 1, reason: 'Already redeemed' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Order>().keyStates).toEqual(['delivered', 'reported']);
    const second = await reportKey(buyer, order.id, { keyIndex: 0, reason: 'Region locked' });
    expect(second.statusCode, second.body).toBe(200);

    const tickets = await buyer.inject({ method: 'GET', url: '/api/tickets/my-tickets' });
    const reports = tickets
      .json<{ data: Ticket[] }>()
      .data.filter((t) => t.report !== null)
      .map((t) => t.report);
    expect(reports).toEqual(
      expect.arrayContaining([
        { orderId: order.id, keyIndex: 1 },
        { orderId: order.id, keyIndex: 0 },
      ]),
    );
    // One report per key.
    expectError(
      await reportKey(buyer, order.id, { keyIndex: 1, reason: 'Still broken' }),
      409,
      'conflict',
      afterSaleMessages.keyAlreadyReported,
    );
  });

  it('refuses a report by someone else, a bad index, a request order, a missing reason', async () => {
    const { product, buyer } = await backorderSetup(3);
    const order = await placedOrder(buyer, product.id, 2);
    const other = await fundedReseller(ctx.factory, admin, 0);
    expectError(
      await reportKey(other, order.id, { keyIndex: 0, reason: 'Not mine' }),
      404,
      'not_found',
    );
    expectValidation(
      await reportKey(buyer, order.id, { keyIndex: 2, reason: 'Out of range' }),
      'body.keyIndex',
    );
    expectValidation(
      await reportKey(buyer, order.id, { keyIndex: -1, reason: 'Negative' }),
      'body.keyIndex',
    );
    expectValidation(
      await reportKey(buyer, order.id, { keyIndex: 0.5, reason: 'Half' }),
      'body.keyIndex',
    );
    expectValidation(await reportKey(buyer, order.id, { keyIndex: 0 }), 'body.reason');
    expectValidation(
      await reportKey(buyer, order.id, { keyIndex: 0, reason: 'Broken', extra: 1 }),
      'body.extra',
    );
    expectError(
      await reportKey(admin, order.id, { keyIndex: 0, reason: 'Admin' }),
      403,
      'forbidden',
    );

    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    const pending = await placedOrder(buyer, request.id, 1);
    expectError(
      await reportKey(buyer, pending.id, { keyIndex: 0, reason: 'Pending' }),
      409,
      'conflict',
      afterSaleMessages.onlyCompletedOrders,
    );
    await respond(admin, pending.id, { status: 'completed', keys: 'ACC-1' });
    expectError(
      await reportKey(buyer, pending.id, { keyIndex: 0, reason: 'Typed' }),
      409,
      'conflict',
      afterSaleMessages.onlyPoolKeys,
    );
  });

  it('replaces a reported key with a fresh one, free, closing the ticket; never twice', async () => {
    const { product, buyer } = await backorderSetup(3);
    const order = await placedOrder(buyer, product.id, 2);
    const before = await getOrder(buyer, order.id);
    await reportKey(buyer, order.id, { keyIndex: 0, reason: 'Does not redeem' });
    const balance = (await bucketsOf(db(), buyer.user.id)).balance;

    const replaced = await actOnKey(admin, 'replace', order.id, { keyIndex: 0 });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const seen = await getOrder(buyer, order.id);
    expect(seen.keyStates).toEqual(['replaced', 'delivered']);
    expect(seen.responseKeys![0]).not.toBe(before.responseKeys![0]);
    expect(seen.responseKeys![1]).toBe(before.responseKeys![1]);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(balance);
    expect(await unsoldKeysOf(db(), product.id)).toBe(0);
    const tickets = await buyer.inject({ method: 'GET', url: '/api/tickets/my-tickets' });
    expect(tickets.json<{ data: Ticket[] }>().data[0]).toMatchObject({ status: 'closed' });
    const notes = await buyer.inject({ method: 'GET', url: '/api/notifications' });
    expect(notes.json<{ data: { type: string }[] }>().data.map((n) => n.type)).toContain(
      'order.key_replaced',
    );

    expectError(
      await actOnKey(admin, 'replace', order.id, { keyIndex: 0 }),
      409,
      'conflict',
      afterSaleMessages.keyAlreadyHandled,
    );
    expectError(
      await actOnKey(admin, 'refund', order.id, { keyIndex: 0 }),
      409,
      'conflict',
      afterSaleMessages.keyAlreadyHandled,
    );
    // The pool is empty now: the other key cannot be replaced, and nothing is written.
    expectError(await actOnKey(admin, 'replace', order.id, { keyIndex: 1 }), 409, 'out_of_stock');
    expect((await getOrder(buyer, order.id)).keyStates).toEqual(['replaced', 'delivered']);
    await expectLedgerInvariants(db());
  });

  it('refunds one unit and reverses its margin along the chain; never twice', async () => {
    const { manager, buyer, product } = await chainSetup(2);
    const order = await placedOrder(buyer, product.id, 2);
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(800n);

    const refunded = await actOnKey(admin, 'refund', order.id, { keyIndex: 1 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Order>().keyStates).toEqual(['delivered', 'refunded']);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(10000n - 2400n + 1200n);
    expect((await bucketsOf(db(), manager.user.id)).profit).toBe(400n);
    const [refundRow] = await ledgerOf(db(), buyer.user.id, 'refund_unit');
    expect(refundRow).toMatchObject({ amountCents: 1200n, balanceAfterCents: 8800n });
    const reversals = await ledgerOf(db(), manager.user.id, 'margin_reversal');
    expect(reversals.map((r) => [r.bucket, r.amountCents, r.balanceAfterCents])).toEqual([
      ['profit', -400n, 400n],
    ]);
    expectError(
      await actOnKey(admin, 'refund', order.id, { keyIndex: 1 }),
      409,
      'conflict',
      afterSaleMessages.keyAlreadyHandled,
    );
    await expectLedgerInvariants(db());
  });

  it("takes a margin from the seller's balance where its profit falls short, refuses when both do", async () => {
    const { manager, buyer, product } = await chainSetup(4);
    const order = await placedOrder(buyer, product.id, 2);
    const minimum = await admin.inject({
      method: 'POST',
      url: '/api/thresholds/update',
      payload: { minProfitToConvert: 1 },
    });
    expect(minimum.statusCode, minimum.body).toBe(200);
    const converted = await convertProfit(manager);
    expect(converted.statusCode, converted.body).toBe(200);
    expect(await bucketsOf(db(), manager.user.id)).toMatchObject({ profit: 0n, balance: 800n });

    const first = await actOnKey(admin, 'refund', order.id, { keyIndex: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(await bucketsOf(db(), manager.user.id)).toMatchObject({ profit: 0n, balance: 400n });
    const reversal = await ledgerOf(db(), manager.user.id, 'margin_reversal');
    expect(reversal.map((r) => [r.bucket, r.amountCents, r.balanceAfterCents])).toEqual([
      ['balance', -400n, 400n],
    ]);

    // The manager gives its last $4 away: both its buckets are empty.
    const gift = await addBalance(manager, buyer.user.id, 4);
    expect(gift.statusCode, gift.body).toBe(200);
    const buyerBefore = await bucketsOf(db(), buyer.user.id);
    const refused = expectError(
      await actOnKey(admin, 'refund', order.id, { keyIndex: 1 }),
      409,
      'conflict',
    );
    // Worded by the contracts' template, so the web shows it translated, the seller named.
    expect(messageTemplateOf(refused.message.text)).toEqual({
      key: 'marginShortfall',
      values: { seller: manager.user.username, amount: '$4.00' },
    });
    expect(await bucketsOf(db(), buyer.user.id)).toEqual(buyerBefore);
    expect((await getOrder(buyer, order.id)).keyStates).toEqual(['refunded', 'delivered']);
    await expectLedgerInvariants(db());
  });

  it('refuses replace and refund to non-admins, of request orders and out of range', async () => {
    const { product, buyer } = await backorderSetup(2);
    const order = await placedOrder(buyer, product.id, 1);
    expectError(await actOnKey(buyer, 'replace', order.id, { keyIndex: 0 }), 403, 'forbidden');
    expectError(await actOnKey(buyer, 'refund', order.id, { keyIndex: 0 }), 403, 'forbidden');
    expectValidation(await actOnKey(admin, 'refund', order.id, { keyIndex: 1 }), 'body.keyIndex');
    expectValidation(await actOnKey(admin, 'refund', order.id, {}), 'body.keyIndex');
    expectError(
      await actOnKey(admin, 'refund', '00000000-0000-4000-8000-000000000000', { keyIndex: 0 }),
      404,
      'not_found',
    );
    const request = await catalogue.product({ deliveryType: 'request', stock: 5 });
    const delivered = await placedOrder(buyer, request.id, 1);
    await respond(admin, delivered.id, { status: 'completed', keys: 'ACC-1' });
    expectError(
      await actOnKey(admin, 'refund', delivered.id, { keyIndex: 0 }),
      409,
      'conflict',
      afterSaleMessages.onlyPoolKeys,
    );
    expectError(
      await actOnKey(admin, 'replace', delivered.id, { keyIndex: 0 }),
      409,
      'conflict',
      afterSaleMessages.onlyPoolKeys,
    );
  });
});
