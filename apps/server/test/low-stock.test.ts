import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema/index';
import { actOnKey, freshKeys, importKeys } from './helpers/after-sale';
import { useCatalogueApp } from './helpers/catalogue-app';
import type { SignedInUser } from './helpers/factory';
import { fundedReseller, placedOrder, queryRows, stockOf } from './helpers/money';

/**
 * The `stock.low` notification (DESIGN.md §11, §12) from every change that takes stock besides a
 * sale (email.test.ts covers the order statement's): a faulty key replaced from the pool, unsold
 * keys deleted or moved out, backorders filled. Each raises it once per crossing (above the
 * threshold before, at or below after), for the active administrators only, skipping one who
 * has an unread alert for the product already, in the transaction of the change.
 */
const { ctx, catalogue, admin, db } = useCatalogueApp();

let secondAdmin: SignedInUser;
let inactiveAdminId: string;
let buyer: SignedInUser;

beforeAll(async () => {
  secondAdmin = await ctx.factory.signedIn('admin');
  inactiveAdminId = (await ctx.factory.user({ role: 'admin', status: 'inactive' })).id;
  buyer = await fundedReseller(ctx.factory, admin, 1000);
});

/** The `stock.low` notifications of `productId`, oldest first. */
async function alertsOf(productId: string) {
  return db()
    .select({
      userId: notifications.userId,
      data: notifications.data,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'stock.low'),
        sql`${notifications.data}->>'productId' = ${productId}`,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

async function activeAdminIds() {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id).sort();
}

/** Exactly one alert per active administrator, saying `stock` and `threshold`. */
async function expectOneAlertEach(
  product: { id: string; name: string },
  stock: number,
  threshold: number,
) {
  const alerts = await alertsOf(product.id);
  expect(alerts.map((a) => a.userId).sort()).toEqual(await activeAdminIds());
  expect(alerts.map((a) => a.userId)).not.toContain(inactiveAdminId);
  for (const alert of alerts) {
    expect(alert.data).toEqual({
      productId: product.id,
      productName: product.name,
      stock,
      threshold,
    });
  }
}

async function setThreshold(productId: string, lowStockThreshold: number | null) {
  const response = await admin.inject({
    method: 'PATCH',
    url: `/api/products/${productId}`,
    payload: { lowStockThreshold },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An instant product with `keys` keys and its own threshold. */
async function productWith(keys: number, threshold: number, options = {}) {
  const product = await catalogue.product({ keys, ...options });
  await setThreshold(product.id, threshold);
  return product;
}

const readAll = (user: SignedInUser) =>
  user.inject({ method: 'POST', url: '/api/notifications/read-all' });

/** The ids of the next `limit` unsold keys of `productId`, in selling order. */
const unsoldKeyIds = async (productId: string, limit: number) =>
  (
    await queryRows<{ id: string }>(
      db(),
      sql`select id from product_keys where product_id = ${productId}::uuid and order_id is null
          order by position limit ${limit}`,
    )
  ).map((r) => r.id);

const deleteKeys = (productId: string, keyIds: string[]) =>
  admin.inject({ method: 'DELETE', url: `/api/products/${productId}/keys`, payload: { keyIds } });

const moveKeys = (productId: string, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/products/${productId}/keys/move`, payload });

describe('stock.low outside the order statement', () => {
  it('is raised when a replacement key takes the stock down to the threshold, once', async () => {
    const product = await productWith(4, 2);
    const order = await placedOrder(buyer, product.id, 2); // 4 → 2: the sale crosses
    await expectOneAlertEach(product, 2, 2);
    await readAll(admin);
    await readAll(secondAdmin);
    // Back above it, then a replacement takes a fresh key from the pool: 3 → 2.
    await importKeys(admin, product.id, freshKeys(1));
    expect(await stockOf(db(), product.id)).toBe(3);
    const replaced = await actOnKey(admin, 'replace', order.id, { keyIndex: 0 });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const unread = (await alertsOf(product.id)).filter((a) => a.readAt === null);
    expect(unread.map((a) => a.userId).sort()).toEqual(await activeAdminIds());
    for (const alert of unread) expect(alert.data).toMatchObject({ stock: 2, threshold: 2 });

    // Already at the threshold: the next replacement (2 → 1) raises nothing more.
    await readAll(admin);
    const again = await actOnKey(admin, 'replace', order.id, { keyIndex: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stockOf(db(), product.id)).toBe(1);
    expect((await alertsOf(product.id)).filter((a) => a.userId === admin.user.id)).toHaveLength(2);
  });

  it('is raised when a delete of unsold keys takes the stock down to it, skipping unread alerts', async () => {
    const product = await productWith(5, 2);
    const [first, second, third, fourth] = await unsoldKeyIds(product.id, 4);
    expect((await deleteKeys(product.id, [first!])).statusCode).toBe(200); // 5 → 4: above
    expect(await alertsOf(product.id)).toEqual([]);
    const crossing = await deleteKeys(product.id, [second!, third!]); // 4 → 2
    expect(crossing.statusCode, crossing.body).toBe(200);
    await expectOneAlertEach(product, 2, 2);

    // The first administrator read it, the second did not. Stock back above, then down again:
    // only the first is told again.
    await readAll(admin);
    await importKeys(admin, product.id, freshKeys(2)); // 2 → 4
    const down = await deleteKeys(product.id, await unsoldKeyIds(product.id, 2)); // 4 → 2
    expect(down.statusCode, down.body).toBe(200);
    const alerts = await alertsOf(product.id);
    expect(alerts.filter((a) => a.userId === admin.user.id)).toHaveLength(2);
    expect(alerts.filter((a) => a.userId === secondAdmin.user.id)).toHaveLength(1);

    // A refused delete (a key already gone) takes nothing and tells nobody.
    await readAll(admin);
    await readAll(secondAdmin);
    await importKeys(admin, product.id, freshKeys(2)); // 2 → 4
    const refused = await deleteKeys(product.id, [...(await unsoldKeyIds(product.id, 2)), fourth!]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await stockOf(db(), product.id)).toBe(4);
    expect((await alertsOf(product.id)).filter((a) => a.readAt === null)).toEqual([]);
  });

  it('is raised for the product keys are moved out of, not the one they go to', async () => {
    const source = await productWith(6, 3);
    const target = await productWith(1, 3);
    const moved = await moveKeys(source.id, { toProductId: target.id, count: 3 }); // 6 → 3
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ moved: 3, stock: 3, targetStock: 4 });
    await expectOneAlertEach(source, 3, 3);
    expect(await alertsOf(target.id)).toEqual([]);

    // Already at the threshold: moving more out raises nothing more.
    await readAll(admin);
    await readAll(secondAdmin);
    const more = await moveKeys(source.id, { toProductId: target.id, count: 1 });
    expect(more.statusCode, more.body).toBe(200);
    expect((await alertsOf(source.id)).filter((a) => a.readAt === null)).toEqual([]);
  });

  it('is raised when a backorder fill takes the keys that arrived down to the threshold', async () => {
    const product = await productWith(0, 2, { allowBackorder: true });
    await placedOrder(buyer, product.id, 2);
    await placedOrder(buyer, product.id, 1);
    expect(await alertsOf(product.id)).toEqual([]);

    // 5 keys arrive, the waiting 3 units take them: 5 → 2, in the import's transaction.
    const imported = await importKeys(admin, product.id, freshKeys(5));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 5, stock: 2 });
    await expectOneAlertEach(product, 2, 2);
  });

  it('is raised when keys moved in fill backorders down to the threshold, not by a fill that stays above', async () => {
    const product = await productWith(0, 2, { allowBackorder: true });
    const source = await productWith(20, 0);
    await placedOrder(buyer, product.id, 1);
    // 4 keys in, 1 taken: 3, above.
    expect((await moveKeys(source.id, { toProductId: product.id, count: 4 })).statusCode).toBe(200);
    expect(await stockOf(db(), product.id)).toBe(3);
    expect(await alertsOf(product.id)).toEqual([]);

    // Sold down to the threshold's edge, then a backorder waits behind a larger one that cannot
    // be filled yet; 2 more keys in fill it: 4 → 1.
    await placedOrder(buyer, product.id, 1); // 3 → 2: the sale crosses
    await expectOneAlertEach(product, 2, 2);
    await readAll(admin);
    await readAll(secondAdmin);
    await placedOrder(buyer, product.id, 5); // a backorder: 5 > 2
    expect((await moveKeys(source.id, { toProductId: product.id, count: 2 })).statusCode).toBe(200); // 2 + 2 = 4, not enough for 5: nothing filled, 4 stays above
    expect(await stockOf(db(), product.id)).toBe(4);
    expect((await alertsOf(product.id)).filter((a) => a.readAt === null)).toEqual([]);
    expect((await moveKeys(source.id, { toProductId: product.id, count: 3 })).statusCode).toBe(200); // 4 + 3 = 7, the 5 filled: 2
    expect(await stockOf(db(), product.id)).toBe(2);
    const unread = (await alertsOf(product.id)).filter((a) => a.readAt === null);
    expect(unread.map((a) => a.userId).sort()).toEqual(await activeAdminIds());
    for (const alert of unread) expect(alert.data).toMatchObject({ stock: 2, threshold: 2 });
  });

  it('uses the system settings’ threshold when the product has none', async () => {
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/system-settings',
      payload: { lowStockThreshold: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const product = await catalogue.product({ keys: 5 });
    const [a, b] = await unsoldKeyIds(product.id, 2);
    expect((await deleteKeys(product.id, [a!])).statusCode).toBe(200); // 5 → 4
    expect(await alertsOf(product.id)).toEqual([]);
    expect((await deleteKeys(product.id, [b!])).statusCode).toBe(200); // 4 → 3
    await expectOneAlertEach(product, 3, 3);
  });
});
