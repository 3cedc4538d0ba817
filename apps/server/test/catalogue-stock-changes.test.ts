import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@keymarket/contracts/catalogue';
import { foldStockChanges } from '../src/modules/stock/stock';
import { startStockFolding } from '../src/modules/stock/stock-fold-timer';
import { onPostgres } from './helpers/database';
import { useCatalogueApp } from './helpers/catalogue-app';
import { expectLedgerInvariants } from './helpers/invariants';
import { fundedReseller, placeOrder, queryRows, stockOf, unsoldKeysOf } from './helpers/money';

/**
 * An instant product's sale appends a row to product_stock_changes instead of updating the
 * product; the stock is the counter plus those rows, and a fold moves them into the counter.
 */
describe('stock of instant products: sales as changes, folded into the counter', () => {
  const app = useCatalogueApp();
  const { db } = app;

  async function pending(productId: string) {
    const [row] = await queryRows<{ n: number; sum: number }>(
      db(),
      sql`select count(*)::int as n, coalesce(sum(delta), 0)::int as sum
          from product_stock_changes where product_id = ${productId}`,
    );
    return row!;
  }
  async function counter(productId: string) {
    const [row] = await queryRows<{ stock: number }>(
      db(),
      sql`select stock from products where id = ${productId}`,
    );
    return row!.stock;
  }
  /** The product as the whole-catalogue list shows it to an administrator. */
  const productAsAdmin = async (id: string) => {
    const response = await app.admin.inject({ method: 'GET', url: '/api/products?limit=10000' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Product[] }>().data.find((p) => p.id === id)!;
  };

  const buyer = (amount: number) => fundedReseller(app.ctx.factory, app.admin, amount);

  it('a sale leaves the counter alone; the stock read everywhere already counts it', async () => {
    const product = await app.catalogue.product({ keys: 5 });
    const reseller = await buyer(100);

    const response = await placeOrder(reseller, { productId: product.id, quantity: 2 });
    expect(response.statusCode, response.body).toBe(201);

    expect(await counter(product.id)).toBe(5);
    expect(await pending(product.id)).toEqual({ n: 1, sum: -2 });
    expect(await stockOf(db(), product.id)).toBe(3);
    expect((await productAsAdmin(product.id)).stockQuantity).toBe(3);
    await expectLedgerInvariants(db());
  });

  it('the fold moves every pending change into the counter and the stock stays the same', async () => {
    const product = await app.catalogue.product({ keys: 6 });
    const reseller = await buyer(100);
    for (const quantity of [1, 2]) {
      const response = await placeOrder(reseller, { productId: product.id, quantity });
      expect(response.statusCode, response.body).toBe(201);
    }

    expect(await foldStockChanges(db())).toBeGreaterThanOrEqual(2);

    expect(await pending(product.id)).toEqual({ n: 0, sum: 0 });
    expect(await counter(product.id)).toBe(3);
    expect(await stockOf(db(), product.id)).toBe(3);
    expect(await unsoldKeysOf(db(), product.id)).toBe(3);
    await expectLedgerInvariants(db());
  });

  it('the background fold (startStockFolding) empties the changes on its own, and stops when told', async () => {
    const product = await app.catalogue.product({ keys: 4 });
    const reseller = await buyer(100);
    const response = await placeOrder(reseller, { productId: product.id, quantity: 1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(await pending(product.id)).toEqual({ n: 1, sum: -1 });

    const stop = startStockFolding(db(), app.ctx.app.log, 10);
    try {
      await vi.waitFor(async () => expect(await pending(product.id)).toEqual({ n: 0, sum: 0 }), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await stop();
    }
    expect(await counter(product.id)).toBe(3);
    expect(await stockOf(db(), product.id)).toBe(3);
  });

  it('an administrator’s change folds the product’s changes first: a key import answers the true stock', async () => {
    const product = await app.catalogue.product({ keys: 4 });
    const reseller = await buyer(100);
    const sale = await placeOrder(reseller, { productId: product.id, quantity: 3 });
    expect(sale.statusCode, sale.body).toBe(201);

    const response = await app.admin.inject({
      method: 'POST',
      url: `/api/products/${product.id}/keys`,
      payload: { keys: 'FOLD-A\nFOLD-B' },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 2, stock: 3 });
    expect(await pending(product.id)).toEqual({ n: 0, sum: 0 });
    expect(await counter(product.id)).toBe(3);
    await expectLedgerInvariants(db());
  });

  it('a sold-out product is refused, and what was sold before stays counted', async () => {
    const product = await app.catalogue.product({ keys: 2 });
    const reseller = await buyer(100);
    expect((await placeOrder(reseller, { productId: product.id, quantity: 2 })).statusCode).toBe(
      201,
    );

    const refused = await placeOrder(reseller, { productId: product.id, quantity: 1 });

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: { type: 'out_of_stock' } });
    expect(await stockOf(db(), product.id)).toBe(0);
    expect((await productAsAdmin(product.id)).badges).toContain('out of stock');
  });

  it.skipIf(!onPostgres)(
    'the fold skips a product an administrator holds instead of waiting for it (PostgreSQL)',
    async () => {
      const product = await app.catalogue.product({ keys: 3 });
      const reseller = await buyer(100);
      expect((await placeOrder(reseller, { productId: product.id, quantity: 1 })).statusCode).toBe(
        201,
      );
      // Held as an administrator's change holds it (lockProduct), but without its own fold.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holder = db().transaction(async (tx) => {
        await tx.execute(sql`select id from products where id = ${product.id} for update`);
        locked();
        await held;
      });
      await lockTaken;

      const started = Date.now();
      await foldStockChanges(db());
      const waitedMs = Date.now() - started;
      const stillPending = await pending(product.id);
      release();
      await holder;

      expect(waitedMs).toBeLessThan(1000);
      expect(stillPending.n).toBe(1);
      await foldStockChanges(db());
      expect(await pending(product.id)).toEqual({ n: 0, sum: 0 });
      await expectLedgerInvariants(db());
    },
  );

  it.skipIf(!onPostgres)(
    '60 purchases of one product while the fold runs again and again: stock equals unsold keys (PostgreSQL)',
    async () => {
      const product = await app.catalogue.product({ keys: 40 });
      const buyers = await Promise.all(Array.from({ length: 60 }, () => buyer(20)));
      let folding = true;
      const folds = (async () => {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- changed by other code while the loop awaits
        while (folding) {
          await foldStockChanges(db());
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();

      const responses = await Promise.all(
        buyers.map((b) => placeOrder(b, { productId: product.id, quantity: 1 })),
      );
      folding = false;
      await folds;

      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(40);
      expect(await stockOf(db(), product.id)).toBe(0);
      expect(await unsoldKeysOf(db(), product.id)).toBe(0);
      await expectLedgerInvariants(db());
      await foldStockChanges(db());
      expect(await counter(product.id)).toBe(0);
      await expectLedgerInvariants(db());
    },
  );

  // A sold key's entry stays in the claim index until a vacuum, and every later claim of the
  // product reads past it (migration 0023): the default trigger, a fifth of the table, would let
  // them grow with the inventory.
  it('the key inventory is autovacuumed by a count of dead keys, indexes included', async () => {
    const [row] = await queryRows<{ reloptions: string[] | null }>(
      db(),
      sql`select reloptions from pg_class where oid = to_regclass('product_keys')`,
    );
    expect(row?.reloptions).toEqual([
      'autovacuum_vacuum_scale_factor=0',
      'autovacuum_vacuum_threshold=10000',
      'vacuum_index_cleanup=on',
    ]);
  });
});
