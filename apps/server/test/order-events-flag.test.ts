import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placeOrder } from '../src/modules/orders/place-order';
import { OrderEventHints } from '../src/modules/orders/order-event-hints';
import { useCatalogueApp } from './helpers/catalogue-app';
import { onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { bucketsOf, fundedReseller, placedOrder, queryRows, unsoldKeysOf } from './helpers/money';
import { orderPlan } from './helpers/order-plan';
import { createdWebhook } from './helpers/webhook-receiver';

// Nothing listens there (the discard port): only what the statements wrote is looked at here.
const HOOK_URL = 'http://127.0.0.1:9/orders';

/**
 * An order nobody listens to skips the outbox (place-order.ts, "Events"): it trusts
 * `users.order_webhooks`, which a trigger keeps (migration 0022), and is refused when a flag says
 * someone listens after all. A flag left false would lose events, so every way an endpoint changes
 * is tried here.
 */
describe('orders and the users.order_webhooks flag', () => {
  const app = useCatalogueApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const { db } = app;

  async function flagOf(userId: string): Promise<boolean> {
    const [row] = await queryRows<{ flag: boolean }>(
      db(),
      sql`select order_webhooks as flag from users where id = ${userId}`,
    );
    return row!.flag;
  }

  async function orderEventsOf(orderId: string): Promise<string[]> {
    const rows = await queryRows<{ type: string }>(
      db(),
      sql`select type from outbox_events where data->'order'->>'id' = ${orderId} order by type`,
    );
    return rows.map((r) => r.type);
  }

  const patch = (user: SignedInUser, id: string, payload: Record<string, unknown>) =>
    user.inject({ method: 'PATCH', url: `/api/webhooks/${id}`, payload });

  it('follows the endpoints: enabled and taking an event the order statement writes', async () => {
    const reseller = await fundedReseller(app.ctx.factory, app.admin, 0);
    const id = reseller.user.id;
    expect(await flagOf(id)).toBe(false);

    // An event no order statement writes does not set it.
    const credits = await createdWebhook(reseller, HOOK_URL, ['balance.credited']);
    expect(await flagOf(id)).toBe(false);
    // Edited to take completions: set.
    expect((await patch(reseller, credits.id, { events: ['order.completed'] })).statusCode).toBe(
      200,
    );
    expect(await flagOf(id)).toBe(true);
    // Turned off, on again.
    expect((await patch(reseller, credits.id, { enabled: false })).statusCode).toBe(200);
    expect(await flagOf(id)).toBe(false);
    expect((await patch(reseller, credits.id, { enabled: true })).statusCode).toBe(200);
    expect(await flagOf(id)).toBe(true);

    // A second endpoint: deleting one of the two leaves it set, deleting both clears it.
    const created = await createdWebhook(reseller, HOOK_URL, ['order.created']);
    const remove = (webhookId: string) =>
      reseller.inject({ method: 'DELETE', url: `/api/webhooks/${webhookId}` });
    expect((await remove(credits.id)).statusCode).toBe(204);
    expect(await flagOf(id)).toBe(true);

    // The outbox worker's switch-off after 24 hours of failures is a plain update too.
    await db().execute(sql`update webhook_endpoints set enabled = false where id = ${created.id}`);
    expect(await flagOf(id)).toBe(false);
    await db().execute(sql`update webhook_endpoints set enabled = true where id = ${created.id}`);
    expect(await flagOf(id)).toBe(true);
    expect((await remove(created.id)).statusCode).toBe(204);
    expect(await flagOf(id)).toBe(false);
  });

  it.skipIf(!onPostgres)(
    "counts two changes to one user's endpoints at once one after the other",
    async () => {
      // A new endpoint while the worker turns the old one off: counted on snapshots without
      // each other's change, the flag would end false with the new endpoint enabled.
      const reseller = await fundedReseller(app.ctx.factory, app.admin, 0);
      const id = reseller.user.id;
      const failing = await createdWebhook(reseller, HOOK_URL, ['order.created']);
      let inserted!: () => void;
      const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const adding = db().transaction(async (tx) => {
        await tx.execute(sql`insert into webhook_endpoints (user_id, url, events, secret_ciphertext)
          values (${id}, ${HOOK_URL}, array['order.completed'], '\\x00'::bytea)`);
        inserted();
        await released;
      });
      await insertedOnce;
      // Started now (Drizzle's queries run when awaited): its trigger waits for the user's row.
      let disabled = false;
      const disabling = Promise.resolve(
        db().execute(sql`update webhook_endpoints set enabled = false where id = ${failing.id}`),
      ).then(() => (disabled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(disabled).toBe(false);
      release();
      await Promise.all([adding, disabling]);
      expect(await flagOf(id)).toBe(true);
    },
  );

  it('refuses a plan without events when the buyer has an endpoint for them, leaving nothing', async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 50);
    const product = await app.catalogue.product({ keys: 2 });
    await createdWebhook(buyer, HOOK_URL, ['order.created']);
    const before = await bucketsOf(db(), buyer.user.id);

    const refused = await placeOrder(db(), orderPlan(buyer.user.id, product, 1, { events: false }));
    expect(refused).toEqual({ refused: 'order_events' });
    expect(await bucketsOf(db(), buyer.user.id)).toEqual(before);
    expect(await unsoldKeysOf(db(), product.id)).toBe(2);

    // The same order with its events is placed, and the one its endpoint takes is written.
    const plan = orderPlan(buyer.user.id, product, 1, { events: true });
    const placed = await placeOrder(db(), plan);
    expect(placed).toMatchObject({ heard: true });
    expect(await orderEventsOf(plan.order.id)).toEqual(['order.created']);
  });

  it("refuses it for any buyer while an administrator's endpoint takes order events", async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 50);
    const product = await app.catalogue.product({ keys: 2 });
    const hook = await createdWebhook(app.admin, HOOK_URL, ['order.completed']);
    try {
      const refused = await placeOrder(
        db(),
        orderPlan(buyer.user.id, product, 1, { events: false }),
      );
      expect(refused).toEqual({ refused: 'order_events' });
    } finally {
      await app.admin.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` });
    }
    // Gone: the same plan is placed, without events.
    const plan = orderPlan(buyer.user.id, product, 1, { events: false });
    expect(await placeOrder(db(), plan)).toMatchObject({ heard: false });
    expect(await orderEventsOf(plan.order.id)).toEqual([]);
  });

  it('refuses a free order without events too: the buyer has no debit to read the flag from', async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 0);
    const product = await app.catalogue.product({ keys: 1 });
    await createdWebhook(buyer, HOOK_URL, ['order.completed']);
    const free = (events: boolean) => {
      const plan = orderPlan(buyer.user.id, product, 1, { events });
      return { ...plan, order: { ...plan.order, totalCents: 0n }, debit: null };
    };
    expect(await placeOrder(db(), free(false))).toEqual({ refused: 'order_events' });
    expect(await placeOrder(db(), free(true))).toMatchObject({ heard: true });
  });

  it('says a pending order was heard when its buyer listens for completions only', async () => {
    // A request order writes only order.created: no event for this endpoint, yet the buyer is
    // listened to, so the service keeps planning its orders with events rather than being
    // refused on each one.
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 50);
    const product = await app.catalogue.product({ deliveryType: 'request' });
    await createdWebhook(buyer, HOOK_URL, ['order.completed']);
    const plan = orderPlan(buyer.user.id, product, 1, { events: true });
    expect(await placeOrder(db(), plan)).toMatchObject({ heard: true });
    expect(await orderEventsOf(plan.order.id)).toEqual([]);
  });

  it('gives a refusal of its own first: a short balance is not placed again for its events', async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 5);
    const product = await app.catalogue.product({ keys: 1 });
    await createdWebhook(buyer, HOOK_URL, ['order.created']);
    expect(await placeOrder(db(), orderPlan(buyer.user.id, product, 1, { events: false }))).toEqual(
      { refused: 'insufficient_balance' },
    );
  });

  it('writes the events of the first order after an endpoint is made, and none once it is gone', async () => {
    const buyer = await fundedReseller(app.ctx.factory, app.admin, 50);
    const product = await app.catalogue.product({ keys: 4 });
    const quiet = await placedOrder(buyer, product.id);
    expect(await orderEventsOf(quiet.id)).toEqual([]);

    // This process has never seen the buyer listened to: its plan carries no events, is
    // refused, and is placed again with them. One order, one debit.
    const hook = await createdWebhook(buyer, HOOK_URL, ['order.created', 'order.completed']);
    const balance = (await bucketsOf(db(), buyer.user.id)).balance;
    const heard = await placedOrder(buyer, product.id);
    expect(await orderEventsOf(heard.id)).toEqual(['order.completed', 'order.created']);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(balance - 1000n);
    const [orders] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where buyer_id = ${buyer.user.id}`,
    );
    expect(orders!.n).toBe(2);

    expect(
      (await buyer.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode,
    ).toBe(204);
    const after = await placedOrder(buyer, product.id);
    expect(await orderEventsOf(after.id)).toEqual([]);
  });
});

describe('OrderEventHints', () => {
  it('expects events for a buyer heard of, until an order of it had nobody to tell', () => {
    const hints = new OrderEventHints();
    expect(hints.expects('a')).toBe(false);
    hints.heard('a');
    expect(hints.expects('a')).toBe(true);
    expect(hints.expects('b')).toBe(false);
    hints.unheard('a');
    expect(hints.expects('a')).toBe(false);
  });

  it('starts again from nothing past its limit', () => {
    const hints = new OrderEventHints(2);
    hints.heard('a');
    hints.heard('b');
    hints.heard('c');
    expect([hints.expects('a'), hints.expects('b'), hints.expects('c')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
