import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { actOnKey, freshKeys, importKeys } from './helpers/after-sale';
import { useCatalogueApp } from './helpers/catalogue-app';
import { onPostgres } from './helpers/database';
import type { SignedInUser } from './helpers/factory';
import { expectError } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  bucketsOf,
  convertProfit,
  deposit,
  ledgerOf,
  placeOrder,
  placedOrder,
  queryRows,
  unsoldKeysOf,
} from './helpers/money';

// PGlite has a single connection: requests queue and a race proves nothing. PostgreSQL only.
describe.skipIf(!onPostgres)('after-sale under concurrent requests (PostgreSQL)', () => {
  const { ctx, catalogue, admin, db } = useCatalogueApp();

  interface OrderState {
    id: string;
    quantity: number;
    status: string;
    created_at: string;
    delivered_at: string | null;
    keys: number;
  }
  const placeOrderOf = (
    buyer: Parameters<typeof placedOrder>[0],
    productId: string,
    quantity: number,
  ) => placeOrder(buyer, { productId, quantity });

  const statesOf = (productId: string) =>
    queryRows<OrderState>(
      db(),
      sql`select o.id, o.quantity, o.status::text, o.created_at::text, o.delivered_at::text,
                 (select count(*)::int from product_keys k where k.order_id = o.id) as keys
          from orders o where o.product_id = ${productId}::uuid
          order by o.created_at, o.id`,
    );

  it('50 backorders racing a key import: each key to one order, none half-filled, oldest first', async () => {
    const product = await catalogue.product({ allowBackorder: true });
    const buyers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.factory.signedIn('reseller', admin.user)),
    );
    for (const buyer of buyers) await deposit(admin, buyer.user.id, 200);
    const quantityOf = (i: number) => (i % 3) + 1;

    const placements = Array.from({ length: 50 }, (_, i) =>
      placedOrder(buyers[i % buyers.length]!, product.id, quantityOf(i)),
    );
    // The import starts while the orders are being placed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const imported = await importKeys(admin, product.id, freshKeys(60));
    expect(imported.statusCode, imported.body).toBe(200);
    const placed = await Promise.all(placements);
    expect(placed.every((o) => o.status === 'pending' || o.status === 'completed')).toBe(true);

    const after = await statesOf(product.id);
    expect(after).toHaveLength(50);
    for (const order of after) {
      // Whole or not at all.
      expect(order.keys).toBe(order.status === 'completed' ? order.quantity : 0);
    }
    const sold = after.reduce((n, o) => n + o.keys, 0);
    expect(sold + (await unsoldKeysOf(db(), product.id))).toBe(60);
    // Nothing left waiting that the unsold keys could fill.
    const oldestPending = after.find((o) => o.status === 'pending');
    if (oldestPending) {
      expect(await unsoldKeysOf(db(), product.id)).toBeLessThan(oldestPending.quantity);
    }
    await expectLedgerInvariants(db());

    // Enough keys for everyone left: they complete in the order they were placed.
    const waiting = after.filter((o) => o.status === 'pending');
    const needed = waiting.reduce((n, o) => n + o.quantity, 0);
    await importKeys(admin, product.id, freshKeys(needed));
    const final = await statesOf(product.id);
    expect(final.every((o) => o.status === 'completed')).toBe(true);
    const filledLast = final.filter((o) => waiting.some((w) => w.id === o.id));
    const deliveredOrder = [...filledLast].sort((a, b) =>
      a.delivered_at! < b.delivered_at! ? -1 : a.delivered_at! > b.delivered_at! ? 1 : 0,
    );
    expect(deliveredOrder.map((o) => o.id)).toEqual(filledLast.map((o) => o.id));
    await expectLedgerInvariants(db());
  });

  it('orders racing imports and moves into a product with waiting backorders: no deadlock, each key once', async () => {
    // Chains of three depths, every seller earning a margin: a fill credits the managers and the
    // resellers of many chains while the sales of their invitees hold the same rows.
    const product = await catalogue.product({ allowBackorder: true });
    const source = await catalogue.product({ keys: 20 });
    const buyers: SignedInUser[] = [];
    for (let m = 0; m < 2; m++) {
      const manager = await ctx.factory.signedIn('manager', admin.user);
      await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
      for (let r = 0; r < 2; r++) {
        const reseller = await ctx.factory.signedIn('reseller', manager.user);
        await catalogue.sellerPrice(reseller.user.id, product.id, 1500n);
        const sub = await ctx.factory.signedIn('reseller', reseller.user);
        buyers.push(reseller, sub);
      }
    }
    for (const buyer of buyers) await deposit(admin, buyer.user.id, 1000);
    // Waiting before the race.
    for (let i = 0; i < 12; i++)
      await placedOrder(buyers[i % buyers.length]!, product.id, 1 + (i % 2));

    const orders = Array.from({ length: 40 }, (_, i) =>
      placeOrderOf(buyers[(i * 3) % buyers.length]!, product.id, 1 + (i % 3)),
    );
    const arrivals = [
      ...Array.from({ length: 4 }, () => importKeys(admin, product.id, freshKeys(12))),
      ...Array.from({ length: 4 }, () =>
        admin.inject({
          method: 'POST',
          url: `/api/products/${source.id}/keys/move`,
          payload: { toProductId: product.id, count: 5 },
        }),
      ),
    ];
    const answers = await Promise.all([...orders, ...arrivals]);
    for (const answer of answers.slice(0, 40)) expect(answer.statusCode, answer.body).toBe(201);
    for (const answer of answers.slice(40)) expect(answer.statusCode, answer.body).toBe(200);

    const after = await statesOf(product.id);
    expect(after).toHaveLength(52);
    for (const order of after) {
      expect(order.keys).toBe(order.status === 'completed' ? order.quantity : 0);
    }
    const sold = after.reduce((n, o) => n + o.keys, 0);
    // 48 imported and 20 moved in, each either sold once or still unsold.
    expect(sold + (await unsoldKeysOf(db(), product.id))).toBe(68);
    await expectLedgerInvariants(db());

    // Anything still waiting is filled by the next keys, oldest first.
    const waiting = after.filter((o) => o.status === 'pending');
    const needed = waiting.reduce((n, o) => n + o.quantity, 0);
    if (needed > 0) {
      const last = await importKeys(admin, product.id, freshKeys(needed));
      expect(last.statusCode, last.body).toBe(200);
    }
    expect((await statesOf(product.id)).every((o) => o.status === 'completed')).toBe(true);
    await expectLedgerInvariants(db());
  });

  it('replace and refund of the same unit racing: exactly one wins, per unit', async () => {
    const product = await catalogue.product({ keys: 20 });
    const buyer = await ctx.factory.signedIn('reseller', admin.user);
    await deposit(admin, buyer.user.id, 100);
    const order = await placedOrder(buyer, product.id, 5);

    const results = await Promise.all(
      [0, 1, 2, 3, 4].flatMap((keyIndex) => [
        actOnKey(admin, 'replace', order.id, { keyIndex }),
        actOnKey(admin, 'refund', order.id, { keyIndex }),
        actOnKey(admin, 'replace', order.id, { keyIndex }),
        actOnKey(admin, 'refund', order.id, { keyIndex }),
      ]),
    );
    for (let unit = 0; unit < 5; unit++) {
      const four = results.slice(unit * 4, unit * 4 + 4);
      expect(
        four.filter((r) => r.statusCode === 200),
        four.map((r) => r.body).join(),
      ).toHaveLength(1);
      for (const lost of four.filter((r) => r.statusCode !== 200))
        expectError(lost, 409, 'conflict');
    }
    const seen = (
      await admin.inject({ method: 'GET', url: `/api/orders/${order.id}` })
    ).json<Order>();
    const refunded = seen.keyStates!.filter((s) => s === 'refunded').length;
    const replaced = seen.keyStates!.filter((s) => s === 'replaced').length;
    expect(refunded + replaced).toBe(5);
    expect(await ledgerOf(db(), buyer.user.id, 'refund_unit')).toHaveLength(refunded);
    expect(await unsoldKeysOf(db(), product.id)).toBe(15 - replaced);
    await expectLedgerInvariants(db());
  });

  it("a unit refund racing the seller's profit conversion: never below zero, ledger exact", async () => {
    const minimum = await admin.inject({
      method: 'POST',
      url: '/api/thresholds/update',
      payload: { minProfitToConvert: 1 },
    });
    expect(minimum.statusCode, minimum.body).toBe(200);
    for (let round = 0; round < 8; round++) {
      const manager = await ctx.factory.signedIn('manager', admin.user);
      const buyer = await ctx.factory.signedIn('reseller', manager.user);
      await deposit(admin, buyer.user.id, 100);
      const product = await catalogue.product({ keys: 2 });
      await catalogue.sellerPrice(manager.user.id, product.id, 1200n);
      const order = await placedOrder(buyer, product.id, 2);

      const [refund, conversion] = await Promise.all([
        actOnKey(admin, 'refund', order.id, { keyIndex: round % 2 }),
        convertProfit(manager),
      ]);
      expect(refund.statusCode, refund.body).toBe(200);
      // Converting first moved $8 to the balance; refunding first left $4 of profit, still convertible.
      expect(conversion.statusCode, conversion.body).toBe(200);
      const buckets = await bucketsOf(db(), manager.user.id);
      expect(buckets.profit).toBe(0n);
      expect(buckets.balance).toBe(400n);
    }
    await expectLedgerInvariants(db());
  });
});
