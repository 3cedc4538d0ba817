import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import type { Database } from '../../src/db/client';
import { ledgerEntries, orders, productKeys, products, users } from '../../src/db/schema/index';
import type { CatalogueFactory } from './catalogue-factory';
import type { Factory, SignedInUser } from './factory';
import { productStock } from '../../src/modules/stock/stock';
import { foldUserProfit, profitOf } from '../../src/modules/ledger/profit-accruals';

/**
 * Money-path helpers: the API calls the order, balance and threshold tests repeat, and direct
 * reads of the rows those calls must (or must not) have changed.
 */

/** POST /api/balance/{id}/add as `actor` (an admin deposit, or a transfer from a seller). */
export function addBalance(
  actor: SignedInUser,
  targetId: string,
  amount: unknown,
  note?: string,
): Promise<LightMyRequestResponse> {
  return actor.inject({
    method: 'POST',
    url: `/api/balance/${targetId}/add`,
    payload: note === undefined ? { amount } : { amount, note },
  });
}

/** POST /api/balance/{id}/remove as `actor`. */
export function removeBalance(
  actor: SignedInUser,
  targetId: string,
  amount: unknown,
): Promise<LightMyRequestResponse> {
  return actor.inject({
    method: 'POST',
    url: `/api/balance/${targetId}/remove`,
    payload: { amount },
  });
}

/** An admin deposit that must succeed. */
export async function deposit(admin: SignedInUser, targetId: string, amount: number) {
  const response = await addBalance(admin, targetId, amount);
  if (response.statusCode !== 200) throw new Error(`deposit failed: ${response.body}`);
}

/** A reseller invited by the admin (priced by the platform: the product's resellerPrice). */
export async function fundedReseller(factory: Factory, admin: SignedInUser, amount: number) {
  const reseller = await factory.signedIn('reseller', admin.user);
  if (amount > 0) await deposit(admin, reseller.user.id, amount);
  return reseller;
}

/** An instant product at resellerPrice $10 with `count` keys, returned in plain text. */
export async function instantProductWithKeys(catalogue: CatalogueFactory, count: number) {
  const product = await catalogue.product({ deliveryType: 'instant' });
  const keys = await catalogue.addKeys(product.id, count);
  return { product, keys };
}

/** POST /api/orders as `buyer`, with an optional Idempotency-Key. */
export function placeOrder(
  buyer: SignedInUser,
  payload: unknown,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  return buyer.inject({
    method: 'POST',
    url: '/api/orders',
    payload: payload as object,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

/** An order that must be accepted (201). */
export async function placedOrder(
  buyer: SignedInUser,
  productId: string,
  quantity = 1,
): Promise<Order> {
  const response = await placeOrder(buyer, { productId, quantity });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  return response.json<Order>();
}

/** PATCH /api/orders/{id}/respond as `actor`. */
export function respond(
  actor: SignedInUser,
  orderId: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return actor.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/respond`,
    payload: payload as object,
  });
}

/** `count` distinct delivery lines, one per unit. */
export function deliveryLines(count: number, prefix = 'ACCOUNT'): string {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`).join('\n');
}

/** POST /api/thresholds/convert as `user`. */
export function convertProfit(user: SignedInUser, amount?: unknown) {
  return user.inject({
    method: 'POST',
    url: '/api/thresholds/convert',
    payload: amount === undefined ? {} : { amount },
  });
}

/** The `balance` block of GET /api/users/me (USD). */
export async function balanceOf(user: SignedInUser) {
  const response = await user.inject({ method: 'GET', url: '/api/users/me' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    balance: { current: number; total: number; spent: number; profit: number };
  }>().balance;
}

/**
 * The user's buckets straight from the database, in cents; the profit with the margins of sales
 * not yet folded into the bucket, as every reader shows it (profit-accruals.ts).
 */
export async function bucketsOf(db: Database, userId: string) {
  const [row] = await db
    .select({ balance: users.balanceCents, profit: profitOf() })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/**
 * Ledger rows of a user, oldest first, optionally of one kind; its pending margins folded in
 * first, as its statement does.
 */
export async function ledgerOf(db: Database, userId: string, kind?: string) {
  await foldUserProfit(db, userId);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(ledgerEntries.id);
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

export async function ordersOf(db: Database, buyerId: string) {
  return db.select().from(orders).where(eq(orders.buyerId, buyerId));
}

export async function stockOf(db: Database, productId: string) {
  const [row] = await db
    .select({ stock: productStock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function unsoldKeysOf(db: Database, productId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productKeys)
    .where(and(eq(productKeys.productId, productId), sql`${productKeys.orderId} is null`));
  return row!.n;
}

/** Everything a refused money operation must leave untouched, for a before/after comparison. */
export async function moneySnapshot(db: Database, userIds: string[], productId?: string) {
  const buckets = await Promise.all(userIds.map((id) => bucketsOf(db, id)));
  const ledger = await Promise.all(userIds.map((id) => ledgerOf(db, id)));
  const orderRows = await Promise.all(userIds.map((id) => ordersOf(db, id)));
  return {
    buckets,
    ledgerCounts: ledger.map((rows) => rows.length),
    orderCounts: orderRows.map((rows) => rows.length),
    stock: productId ? await stockOf(db, productId) : undefined,
    unsoldKeys: productId ? await unsoldKeysOf(db, productId) : undefined,
  };
}

/** Rows of a raw SQL query. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Cents as USD for comparisons with API answers. */
export const usd = (cents: bigint) => Number(cents) / 100;
