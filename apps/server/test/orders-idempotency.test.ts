import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { idempotencyKeys } from '../src/db/schema/index';
import { expectError } from './helpers/expect-error';
import { expectLedgerInvariants } from './helpers/invariants';
import {
  bucketsOf,
  deposit,
  fundedReseller as fundedResellerOf,
  instantProductWithKeys,
  ledgerOf,
  moneySnapshot,
  ordersOf,
  placeOrder,
  unsoldKeysOf,
} from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

const fundedReseller = (amount: number) => fundedResellerOf(ctx.factory, admin, amount);
const instantProduct = (count: number) => instantProductWithKeys(catalogue, count);

describe('POST /api/orders with an Idempotency-Key', () => {
  it('replays the first answer for the same key and body: one order, one debit', async () => {
    const buyer = await fundedReseller(100);
    const { product } = await instantProduct(5);
    const body = { productId: product.id, quantity: 2 };

    const first = await placeOrder(buyer, body, 'order-1');
    const second = await placeOrder(buyer, body, 'order-1');

    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<Order>().id).toBe(first.json<Order>().id);
    expect(second.json<Order>().responseKeys).toEqual(first.json<Order>().responseKeys);
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(1);
    expect(await ledgerOf(db(), buyer.user.id, 'purchase')).toHaveLength(1);
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(8000n);
    expect(await unsoldKeysOf(db(), product.id)).toBe(3);
    await expectLedgerInvariants(db());
  });

  it('replays the first answer even when the product has since sold out or been deleted', async () => {
    const buyer = await fundedReseller(100);
    const { product } = await instantProduct(2);
    const body = { productId: product.id, quantity: 2 };
    const first = await placeOrder(buyer, body, 'sold-out-1');
    expect(first.statusCode, first.body).toBe(201);

    // The stock is gone: a new order would be refused before the statement runs.
    const soldOut = await placeOrder(buyer, body, 'sold-out-1');
    expect(soldOut.statusCode, soldOut.body).toBe(201);
    expect(soldOut.headers['idempotent-replayed']).toBe('true');
    expect(soldOut.json<Order>().id).toBe(first.json<Order>().id);

    await db().execute(sql`update products set deleted_at = now() where id = ${product.id}`);
    const deleted = await placeOrder(buyer, body, 'sold-out-1');
    expect(deleted.statusCode, deleted.body).toBe(201);
    expect(deleted.json<Order>().id).toBe(first.json<Order>().id);
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(1);
    expect(await ledgerOf(db(), buyer.user.id, 'purchase')).toHaveLength(1);
  });

  it('refuses the same key with a different body with 409 conflict and changes nothing', async () => {
    const buyer = await fundedReseller(100);
    const { product } = await instantProduct(5);
    expect(
      (await placeOrder(buyer, { productId: product.id, quantity: 1 }, 'order-2')).statusCode,
    ).toBe(201);
    const before = await moneySnapshot(db(), [buyer.user.id], product.id);

    expectError(
      await placeOrder(buyer, { productId: product.id, quantity: 2 }, 'order-2'),
      409,
      'conflict',
    );
    expect(await moneySnapshot(db(), [buyer.user.id], product.id)).toEqual(before);
  });

  it('gives a different user with the same key its own order', async () => {
    const first = await fundedReseller(100);
    const second = await fundedReseller(100);
    const { product } = await instantProduct(5);
    const body = { productId: product.id, quantity: 1 };

    const a = await placeOrder(first, body, 'shared-key');
    const b = await placeOrder(second, body, 'shared-key');

    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<Order>().id).not.toBe(a.json<Order>().id);
    expect(b.json<Order>().buyer.id).toBe(second.user.id);
    expect(await ordersOf(db(), second.user.id)).toHaveLength(1);
    expect(await unsoldKeysOf(db(), product.id)).toBe(3);
  });

  it('does not remember a refused first attempt: after a deposit the same key places the order', async () => {
    const buyer = await fundedReseller(5);
    const { product } = await instantProduct(5);
    const body = { productId: product.id, quantity: 1 };

    expectError(await placeOrder(buyer, body, 'order-3'), 409, 'insufficient_balance');
    await deposit(admin, buyer.user.id, 10);
    const retried = await placeOrder(buyer, body, 'order-3');

    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json<Order>().status).toBe('completed');
    expect((await bucketsOf(db(), buyer.user.id)).balance).toBe(500n);
  });

  it('forgets a key after 24 hours: the same key then places a new order', async () => {
    const buyer = await fundedReseller(100);
    const { product } = await instantProduct(5);
    const body = { productId: product.id, quantity: 1 };
    const first = await placeOrder(buyer, body, 'order-old');
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, buyer.user.id));

    const again = await placeOrder(buyer, body, 'order-old');

    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json<Order>().id).not.toBe(first.json<Order>().id);
    expect(await ordersOf(db(), buyer.user.id)).toHaveLength(2);
    await expectLedgerInvariants(db());
  });

  it('keeps sold keys out of the stored idempotent answer (keys are encrypted at rest)', async () => {
    const buyer = await fundedReseller(20);
    const { product, keys } = await instantProduct(1);
    const response = await placeOrder(buyer, { productId: product.id, quantity: 1 }, 'order-4');
    expect(response.statusCode).toBe(201);

    const [stored] = await db()
      .select({ text: sql<string>`${idempotencyKeys.response}::text` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, buyer.user.id));
    expect(stored!.text).not.toContain(keys[0]!);
  });
});
