import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import type { Ticket, TicketDetail } from '@keymarket/contracts/tickets';
import { orderKeyActions, tickets } from '../src/db/schema/index';
import { actOnKey, importKeys, reportKey } from './helpers/after-sale';
import { keyOf } from './helpers/api-keys';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import { fundedReseller, placedOrder } from './helpers/money';

const { ctx, catalogue, admin, db } = useCatalogueApp();

/**
 * A product whose `count` keys are imported in a known order, their ids then rewritten to sort
 * the other way round (the first imported has the highest id), so an order of its keys by id and
 * one by import disagree. The key texts in import order.
 */
async function keysImportedInOrder(count: number) {
  const product = await catalogue.product({});
  const keys = Array.from({ length: count }, (_, i) => `${randomUUID()}-KEY${i + 1}`);
  const imported = await importKeys(admin, product.id, keys);
  expect(imported.statusCode, imported.body).toBe(200);
  const prefix = randomUUID().slice(0, 24);
  await db().execute(sql`
    with ranked as (
      select id, row_number() over (order by position desc) as r
      from product_keys where product_id = ${product.id}
    )
    update product_keys k set id = (${prefix} || lpad(ranked.r::text, 12, '0'))::uuid
    from ranked where k.id = ranked.id`);
  return { product, keys };
}

async function orderAs(viewer: SignedInUser, id: string) {
  const response = await viewer.inject({ method: 'GET', url: `/api/orders/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
}

async function reportTickets(buyer: SignedInUser, orderId: string) {
  const mine = await buyer.inject({ method: 'GET', url: '/api/tickets/my-tickets' });
  return mine.json<{ data: Ticket[] }>().data.filter((t) => t.report?.orderId === orderId);
}

describe("an order's keys, in the order they were imported", () => {
  it('answers and lists Key 1 as the first imported, on the cookie route and its list', async () => {
    const { product, keys } = await keysImportedInOrder(3);
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    const order = await placedOrder(buyer, product.id, 3);
    expect(order.responseKeys).toEqual(keys);
    expect((await orderAs(buyer, order.id)).responseKeys).toEqual(keys);
    const list = await buyer.inject({ method: 'GET', url: '/api/orders/all?limit=100' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ data: Order[] }>().data.find((o) => o.id === order.id);
    expect(listed?.responseKeys).toEqual(keys);
  });

  it('answers and lists Key 1 as the first imported on /api/v1', async () => {
    const { product, keys } = await keysImportedInOrder(3);
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    const client = await keyOf(ctx.app, buyer);
    const placed = await client.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { productId: product.id, quantity: 3 },
      headers: { 'idempotency-key': `order-${randomUUID()}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    expect(order.responseKeys).toEqual(keys);
    const read = await client.inject({ method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Order>().responseKeys).toEqual(keys);
  });

  it('reports and replaces "key 2" as the second imported key', async () => {
    const { product, keys } = await keysImportedInOrder(4);
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    const order = await placedOrder(buyer, product.id, 3);
    const reported = await reportKey(buyer, order.id, { keyIndex: 1, reason: 'Already redeemed' });
    expect(reported.statusCode, reported.body).toBe(200);
    const [ticket] = await reportTickets(buyer, order.id);
    const detail = await admin.inject({ method: 'GET', url: `/api/tickets/${ticket!.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<TicketDetail>().reportDetails?.maskedKey).toMatch(/KEY2$/);

    const replaced = await actOnKey(admin, 'replace', order.id, { keyIndex: 1 });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const seen = await orderAs(buyer, order.id);
    expect(seen.keyStates).toEqual(['delivered', 'replaced', 'delivered']);
    // The second imported key swapped for the pool's next one, the fourth.
    expect(seen.responseKeys).toEqual([keys[0], keys[3], keys[2]]);
  });
});

/** The statements of the migration that moved the key places to the import order. */
function keyPlacesMigration(): string[] {
  const text = readFileSync(
    new URL('../drizzle/0039_order_keys_by_position.sql', import.meta.url),
    'utf8',
  );
  return text.split('--> statement-breakpoint').filter((s) => s.trim() !== '');
}

describe('the key places stored before the import order', () => {
  it('moves each action and report to the same key under the import order', async () => {
    const { product } = await keysImportedInOrder(5);
    const buyer = await fundedReseller(ctx.factory, admin, 100);
    const order = await placedOrder(buyer, product.id, 4);
    for (const keyIndex of [0, 3]) {
      const reported = await reportKey(buyer, order.id, { keyIndex, reason: `Key ${keyIndex}` });
      expect(reported.statusCode, reported.body).toBe(200);
    }
    const reports = new Map(
      (await reportTickets(buyer, order.id)).map((t) => [t.id, t.report!.keyIndex]),
    );
    expect([...reports.values()].sort()).toEqual([0, 3]);
    expect((await actOnKey(admin, 'replace', order.id, { keyIndex: 0 })).statusCode).toBe(200);
    expect((await actOnKey(admin, 'refund', order.id, { keyIndex: 3 })).statusCode).toBe(200);
    const expected = ['replaced', 'delivered', 'delivered', 'refunded'];
    expect((await orderAs(buyer, order.id)).keyStates).toEqual(expected);

    // As stored before: a place was a rank by sale time then id, here the reverse of the import
    // order (3 - place), moved through negative places so no two rows share one on the way.
    await db().transaction(async (tx) => {
      for (const table of ['order_key_actions', 'tickets']) {
        await tx.execute(
          sql`update ${sql.identifier(table)} set key_index = -1 - (3 - key_index) where order_id = ${order.id}`,
        );
        await tx.execute(
          sql`update ${sql.identifier(table)} set key_index = -1 - key_index where order_id = ${order.id}`,
        );
      }
    });
    expect((await orderAs(buyer, order.id)).keyStates).toEqual([...expected].reverse());

    await db().transaction(async (tx) => {
      for (const statement of keyPlacesMigration()) await tx.execute(sql.raw(statement));
    });

    expect((await orderAs(buyer, order.id)).keyStates).toEqual(expected);
    const actions = await db()
      .select({ keyIndex: orderKeyActions.keyIndex, action: orderKeyActions.action })
      .from(orderKeyActions)
      .where(eq(orderKeyActions.orderId, order.id));
    expect(actions.sort((a, b) => a.keyIndex - b.keyIndex)).toEqual([
      { keyIndex: 0, action: 'replaced' },
      { keyIndex: 3, action: 'refunded' },
    ]);
    const stored = await db()
      .select({ id: tickets.id, keyIndex: tickets.keyIndex })
      .from(tickets)
      .where(eq(tickets.orderId, order.id));
    expect(new Map(stored.map((t) => [t.id, t.keyIndex]))).toEqual(reports);
  });
});
