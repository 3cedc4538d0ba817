import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  productListQuerySchema,
  type Product,
  type ProductList,
} from '@keymarket/contracts/catalogue';
import {
  categories,
  packageProducts,
  packages,
  products,
  sellerPrices,
  users,
} from '../src/db/schema/index';
import { rowsOf } from '../src/db/client';
import { loadPricingChain } from '../src/modules/pricing/pricing.service';
import { ProductListCache } from '../src/modules/catalogue-list/product-list-cache';
import {
  jsonMembers,
  pricedList,
  renderList,
} from '../src/modules/catalogue-list/product-list-render';
import { listFingerprint } from '../src/modules/catalogue-list/product-list-state';
import { foldStockChanges, pruneStockLog } from '../src/modules/stock/stock';
import { badgesOf } from '../src/modules/products/product-view';
import { CACHED_LIST_MIN_LIMIT, ProductsService } from '../src/modules/products/products.service';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

/**
 * The whole-catalogue list is served from a cache validated by a fingerprint of the rows it is
 * built from. Every change below goes around the service layer on purpose (straight into the
 * database, or through another route): the cache must notice it whoever made it.
 */

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const resellerA = useSignedIn(ctx, 'reseller', manager);
const resellerB = useSignedIn(ctx, 'reseller', resellerA);

const url = `/api/products?limit=${CACHED_LIST_MIN_LIMIT}`;

async function listed(user: SignedInUser, headers: Record<string, string> = {}) {
  const res = await user.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { etag: String(res.headers.etag), list: res.json<ProductList>() };
}

const find = (list: ProductList, id: string) => list.data.find((p: Product) => p.id === id)!;

describe('the whole-catalogue product list cache', () => {
  it('answers 304 to a browser holding the current version, and gzip bytes to one asking for them', async () => {
    await catalogue.product({ name: 'Cached One' });
    const first = await listed(resellerB);
    expect(first.etag).toMatch(/^"[\w-]+"$/);

    const again = await resellerB.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const zipped = await resellerB.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(first.list);
  });

  it('never gives one user the list of another', async () => {
    const product = await catalogue.product({ name: 'Per User' });
    const asAdmin = find((await listed(admin)).list, product.id);
    const asB = find((await listed(resellerB)).list, product.id);
    expect(asAdmin).toHaveProperty('initialPrice', 5);
    expect(asB).not.toHaveProperty('initialPrice');
    expect((await listed(admin)).etag).not.toBe((await listed(resellerB)).etag);
  });

  it('shows a sale at once: the stock drops with every purchase', async () => {
    const product = await catalogue.product({ deliveryType: 'instant', keys: 3 });
    await deposit(admin, resellerB.user.id, 100);
    const before = await listed(resellerB);
    expect(find(before.list, product.id).stockQuantity).toBe(3);

    await placedOrder(resellerB, product.id);
    const after = await listed(resellerB);
    expect(find(after.list, product.id).stockQuantity).toBe(2);
    expect(after.etag).not.toBe(before.etag);
    const stale = await resellerB.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': before.etag },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('sorts a long list by stock afresh after sales (the cached order would go stale)', async () => {
    const first = await catalogue.product({ deliveryType: 'instant', keys: 3 });
    const second = await catalogue.product({ deliveryType: 'instant', keys: 2 });
    await deposit(admin, resellerB.user.id, 100);
    const sortedUrl = `${url}&sort=-stock`;
    const order = async () => {
      const answer = await resellerB.inject({ method: 'GET', url: sortedUrl });
      expect(answer.statusCode, answer.body).toBe(200);
      const ids = answer.json<ProductList>().data.map((p) => p.id);
      return ids.filter((id) => id === first.id || id === second.id);
    };
    expect(await order()).toEqual([first.id, second.id]);

    await placedOrder(resellerB, first.id);
    await placedOrder(resellerB, first.id);
    expect(await order()).toEqual([second.id, first.id]);
  });

  it('keeps the priced list through sales and folds, and still shows each stock exactly', async () => {
    const product = await catalogue.product({ deliveryType: 'instant', keys: 4 });
    const requested = await catalogue.product({ deliveryType: 'request', stock: 5 });
    await deposit(admin, resellerB.user.id, 100);
    const chain = await loadPricingChain(ctx.database.db, resellerB.user.id);
    await listed(resellerB);
    const fingerprint = await listFingerprint(ctx.database.db, chain);

    await placedOrder(resellerB, product.id);
    await foldStockChanges(ctx.database.db);
    await placedOrder(resellerB, product.id);
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, requested.id));
    expect(await listFingerprint(ctx.database.db, chain)).toBe(fingerprint);

    // Several at once share the work and all see the same, current stock.
    const answers = await Promise.all([1, 2, 3].map(() => listed(resellerB)));
    for (const { list } of answers) {
      expect(find(list, product.id)).toMatchObject({ stockQuantity: 2, badges: ['instant'] });
      expect(find(list, requested.id)).toMatchObject({
        stockQuantity: 0,
        badges: ['request', 'out of stock'],
      });
    }
  });

  it('reads only the stock changed since the last answer, and every product again once the log was pruned past it', async () => {
    const instant = await catalogue.product({ deliveryType: 'instant', keys: 4 });
    const requested = await catalogue.product({ deliveryType: 'request', stock: 5 });
    await deposit(admin, resellerB.user.id, 100);
    const db = ctx.database.db;
    const cache = new ProductListCache(64 * 1024 * 1024);
    const service = new ProductsService(db, cache);
    const { stock } = cache;
    const caller = { userId: resellerB.user.id, role: resellerB.user.role };
    const query = productListQuerySchema.parse({ limit: CACHED_LIST_MIN_LIMIT });
    const stockOf = async () => {
      const rendered = await service.renderedList(caller, query);
      const list = JSON.parse(gunzipSync(rendered.gzip).toString()) as ProductList;
      return [find(list, instant.id).stockQuantity, find(list, requested.id).stockQuantity];
    };
    expect(await stockOf()).toEqual([4, 5]);
    const reads = () => ({ whole: stock.wholeReads, changes: stock.changeReads });
    const before = reads();

    // A sale of each kind, a fold, and counters changed straight in the database.
    await placedOrder(resellerB, instant.id);
    await placedOrder(resellerB, requested.id);
    await foldStockChanges(db);
    await db.update(products).set({ stock: 9 }).where(eq(products.id, requested.id));
    expect(await stockOf()).toEqual([3, 9]);
    expect(reads()).toEqual({ whole: before.whole, changes: before.changes + 1 });

    // The log pruned past the last read (twice a minute apart): the next read is of every product.
    // A prune keeps what a transaction still running anywhere on the server may not have seen
    // (its horizon is the snapshot's xmin), so while other databases of the same PostgreSQL
    // are busy (the browser suite beside this one) it is repeated until it passes the read.
    const afterRead = BigInt(
      (await rowsOf<{ xid: string }>(db, sql`select pg_current_xact_id()::text as xid`))[0]!.xid,
    );
    const aMinuteAgo = sql`update product_stock_log_horizon set next_at = now() - interval '2 minutes'`;
    const horizon = async () =>
      BigInt(
        (
          await rowsOf<{ xid: string }>(
            db,
            sql`select xid::text as xid from product_stock_log_horizon`,
          )
        )[0]!.xid,
      );
    for (let i = 0; i < 2 || (i < 80 && (await horizon()) <= afterRead); i++) {
      if (i >= 2) await new Promise((resolve) => setTimeout(resolve, 250));
      await db.execute(aMinuteAgo);
      await pruneStockLog(db);
    }
    await db.update(products).set({ stock: 7 }).where(eq(products.id, requested.id));
    expect(await stockOf()).toEqual([3, 7]);
    expect(reads()).toEqual({ whole: before.whole + 1, changes: before.changes + 1 });
  });

  it('has the trigger that versions the catalogue watch every column of products but the stock', async () => {
    const rows = await rowsOf<{ column: string; watched: boolean }>(
      ctx.database.db,
      sql`select a.attname as column, a.attnum = any(t.tgattr) as watched
          from pg_attribute a
          join pg_trigger t on t.tgrelid = a.attrelid and t.tgname = 'products_catalogue_version_rows'
          where a.attrelid = 'products'::regclass and a.attnum > 0 and not a.attisdropped`,
    );
    const unwatched = rows.filter((row) => !row.watched).map((row) => row.column);
    expect(unwatched.sort()).toEqual(['stock', 'updated_at']);
  });

  it('shows a renamed category and a product changed straight in the database', async () => {
    const product = await catalogue.product({ name: 'Renamed Later' });
    await listed(resellerB);
    await ctx.database.db
      .update(categories)
      .set({ nameEn: 'Renamed category' })
      .where(eq(categories.id, product.categoryId));
    await ctx.database.db
      .update(products)
      .set({ name: 'Renamed product' })
      .where(eq(products.id, product.id));
    expect(find((await listed(resellerB)).list, product.id)).toMatchObject({
      name: 'Renamed product',
      category: { nameEn: 'Renamed category' },
    });
  });

  it("follows the sellers' prices up the chain: set, changed and removed", async () => {
    const product = await catalogue.product({ name: 'Chain priced' }); // reseller price 10
    expect(find((await listed(resellerB)).list, product.id).price).toBe(10);

    await catalogue.sellerPrice(resellerA.user.id, product.id, 1300n);
    expect(find((await listed(resellerB)).list, product.id).price).toBe(13);

    await ctx.database.db
      .update(sellerPrices)
      .set({ priceCents: 1400n })
      .where(
        and(eq(sellerPrices.sellerId, resellerA.user.id), eq(sellerPrices.productId, product.id)),
      );
    expect(find((await listed(resellerB)).list, product.id).price).toBe(14);

    await ctx.database.db
      .delete(sellerPrices)
      .where(
        and(eq(sellerPrices.sellerId, resellerA.user.id), eq(sellerPrices.productId, product.id)),
      );
    expect(find((await listed(resellerB)).list, product.id).price).toBe(10);
  });

  it("follows the admin package at the top of the chain and the member's assignment", async () => {
    const product = await catalogue.product({ name: 'Packaged' }); // manager price 8
    expect(find((await listed(manager)).list, product.id).price).toBe(8);

    const [pkg] = await ctx.database.db.insert(packages).values({ name: 'Silver' }).returning();
    await ctx.database.db.insert(packageProducts).values({
      packageId: pkg!.id,
      productId: product.id,
      managerPriceCents: 700n,
      resellerPriceCents: 900n,
    });
    // The package exists but the manager is not on it yet.
    expect(find((await listed(manager)).list, product.id).price).toBe(8);

    await ctx.database.db
      .update(users)
      .set({ packageId: pkg!.id })
      .where(eq(users.id, manager.user.id));
    expect(find((await listed(manager)).list, product.id).price).toBe(7);

    await ctx.database.db
      .update(packageProducts)
      .set({ managerPriceCents: 650n })
      .where(eq(packageProducts.packageId, pkg!.id));
    expect(find((await listed(manager)).list, product.id).price).toBe(6.5);
  });
});

describe('ProductListCache', () => {
  const list = (name: string, bytes: number) => ({
    ...pricedList([], {}),
    head: name,
    fixed: Buffer.alloc(bytes),
  });

  it('serves an entry only for the fingerprint it was built with', () => {
    const cache = new ProductListCache(1000);
    cache.set('k', 'f1', list('a', 10));
    expect(cache.get('k', 'f1')?.head).toBe('a');
    expect(cache.get('k', 'f2')).toBeUndefined();
  });

  it('drops the least recently used entries past its memory budget', () => {
    // Three quarters of the budget hold lists, one quarter the products' shared JSON.
    const cache = new ProductListCache(133);
    cache.set('a', 'f', list('"a"', 40));
    cache.set('b', 'f', list('"b"', 40));
    cache.get('a', 'f'); // a is now more recent than b
    cache.set('c', 'f', list('"c"', 40));
    expect(cache.get('b', 'f')).toBeUndefined();
    expect(cache.get('a', 'f')).toBeDefined();
    expect(cache.get('c', 'f')).toBeDefined();
  });

  it('keeps nothing when turned off or when one list is bigger than the budget', () => {
    const off = new ProductListCache(0);
    off.set('a', 'f', list('"a"', 1));
    expect(off.enabled).toBe(false);
    expect(off.get('a', 'f')).toBeUndefined();
    const small = new ProductListCache(13);
    small.set('a', 'f', list('"a"', 11));
    expect(small.get('a', 'f')).toBeUndefined();
  });
});

describe('ProductListCache.answer', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const list = pricedList(
    [
      {
        id,
        version: '1',
        fragment: {
          version: '1',
          json: Buffer.from(`{"id":"${id}"`),
          badgesAtZero: '["out of stock"]',
          badgesInStock: '[]',
        },
        prices: jsonMembers({ price: 1 }),
      },
    ],
    { page: 1 },
  );
  const stockIn = async (answer: Promise<{ gzip: Buffer }>) =>
    (JSON.parse(gunzipSync((await answer).gzip).toString()) as ProductList).data[0]?.stockQuantity;

  it('gives a request that comes during a stock read the next read, begun after it came', async () => {
    const cache = new ProductListCache(1 << 20);
    const reads: ((stock: number) => void)[] = [];
    // A read of the fingerprint and of the product's stock, answered when the test says.
    const state = () =>
      new Promise<{ fingerprint: string }>((resolve) =>
        reads.push((stock) => {
          const read = { stockSince: '1', stockWhole: true, stockDatabase: 'd' };
          resolve(
            cache.stock.take({ fingerprint: 'f', ...read, stockPairs: `${id}:${stock}` }, []),
          );
        }),
      );
    const build = async () => ({ key: 'k', fingerprint: 'f', list });

    const first = cache.answer('k', state, build);
    // These two come while the first read is under way: it may not hold a sale they follow.
    const second = cache.answer('k', state, build);
    const third = cache.answer('k', state, build);
    expect(reads).toHaveLength(1);
    reads[0]!(5);
    expect(await stockIn(first)).toBe(5);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!(4);
    expect([await stockIn(second), await stockIn(third)]).toEqual([4, 4]);
    expect(reads).toHaveLength(2);
  });
});

describe('renderList', () => {
  const products = Array.from({ length: 130 }, (_, i): Product => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Produit ${i} é`,
    description: 'مفتاح رقمي',
    imageUrl: null,
    category: { id: 'c', nameEn: 'Games', nameFr: 'Jeux', nameAr: 'ألعاب' },
    subcategory: null,
    deliveryType: i % 2 ? 'instant' : 'request',
    isNew: i % 3 === 0,
    allowBackorder: i % 4 === 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    price: 1.5,
    sellingPrice: 2,
    badges: [],
    stockQuantity: 0,
  }));
  const pagination = { page: 1, limit: 500, total: 130, totalPages: 1 };
  /** The list of `products`. */
  const listed = (price: (i: number) => number) =>
    pricedList(
      products.map((product, i) => {
        const { price: _p, sellingPrice, badges: _b, stockQuantity: _s, ...shared } = product;
        const row = { ...product, stock: 0 };
        return {
          id: product.id,
          version: '1',
          fragment: {
            version: '1',
            json: Buffer.from(JSON.stringify(shared).slice(0, -1)),
            badgesAtZero: JSON.stringify(badgesOf({ ...row, stock: 0 })),
            badgesInStock: JSON.stringify(badgesOf({ ...row, stock: 1 })),
          },
          prices: jsonMembers({ price: price(i), sellingPrice }),
        };
      }),
      pagination,
    );
  const list = listed(() => 1.5);
  /** The stock of the list's products, product i's `stockOf(i)`. */
  const read = (stockOf: (i: number) => number) =>
    Int32Array.from({ length: 130 }, (_, i) => stockOf(i));
  const json = (rendered: { rendered: { gzip: Buffer } }) =>
    JSON.parse(gunzipSync(rendered.rendered.gzip).toString()) as ProductList;
  const same = (a: { pieces: { piece: unknown }[] }, b: { pieces: { piece: unknown }[] }) =>
    a.pieces.map((piece, i) => piece.piece === b.pieces[i]?.piece);

  it('writes each stock and its badges in, and compresses again only the pieces that changed', async () => {
    const first = await renderList(
      '"a"',
      list,
      read((i) => (i % 10 === 7 ? 0 : 5)),
    );
    const stockOf = (i: number) => (i === 60 ? 0 : 5);
    const again = await renderList('"b"', list, read(stockOf), first.pieces);
    const fresh = await renderList('"c"', list, read(stockOf));
    expect(again.rendered.gzip.equals(fresh.rendered.gzip)).toBe(true);
    const answer = json(again);
    expect(answer.pagination).toEqual(pagination);
    expect(answer.data[60]).toEqual({
      ...products[60],
      stockQuantity: 0,
      badges: badgesOf({ ...products[60]!, stock: 0 }),
    });
    expect(answer.data[61]).toMatchObject({ stockQuantity: 5, badges: ['instant'] });
    // Products 0-49, 50-99 and 100-129: the first and last pieces had a product ending in 7 at 0.
    const unchanged = await renderList('"d"', list, read(stockOf), again.pieces);
    expect(same(unchanged.pieces, again.pieces)).toEqual([true, true, true]);
    const oneSale = await renderList(
      '"e"',
      list,
      read((i) => (i === 120 ? 4 : stockOf(i))),
      again.pieces,
    );
    expect(same(oneSale.pieces, again.pieces)).toEqual([true, true, false]);
    expect(json(oneSale).data[120]).toMatchObject({ stockQuantity: 4 });
  });

  it('takes the pieces of the list it replaces where their bytes are the same', async () => {
    const before = await renderList(
      '"a"',
      list,
      read(() => 3),
    );
    const repriced = listed((i) => (i === 75 ? 9.99 : 1.5));
    const after = await renderList(
      '"b"',
      repriced,
      read(() => 3),
      before.pieces,
    );
    expect(same(after.pieces, before.pieces)).toEqual([true, false, true]);
    expect(
      after.rendered.gzip.equals(
        (
          await renderList(
            '"c"',
            repriced,
            read(() => 3),
          )
        ).rendered.gzip,
      ),
    ).toBe(true);
    expect(json(after).data[75]).toMatchObject({ price: 9.99, stockQuantity: 3 });
    expect(json(after).data[74]).toMatchObject({ price: 1.5 });
  });
});
