import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList, ProductListQuery } from '@keymarket/contracts/catalogue';
import {
  categories,
  managerPackageProducts,
  managerPackages,
  packageProducts,
  packages,
  products,
  sellerPrices,
  subcategories,
  users,
} from '../src/db/schema/index';
import { ProductListStore } from '../src/modules/catalogue-list/product-list-store';
import {
  databaseIdentity,
  fragmentOf,
  ProductFragments,
} from '../src/modules/products/product-fragments';
import {
  findSharedColumns,
  listProductVersions,
  productVersionsSince,
} from '../src/modules/products/products.repository';
import { rowsOf } from '../src/db/client';
import { ProductListCache } from '../src/modules/catalogue-list/product-list-cache';
import { ProductsService } from '../src/modules/products/products.service';
import type { SignedInUser } from './helpers/factory';
import { useCatalogueApp } from './helpers/catalogue-app';
import { useSignedIn } from './helpers/use-app';

/**
 * A cached list is built again after any change it was priced from, and that build reuses what
 * did not change: each product's shared JSON while its rows' versions are the same
 * (product-fragments.ts), the compressed pieces whose bytes are the same. Whatever it reuses,
 * every answer must be exactly what a list built from nothing gives (`list`, uncached), for every
 * kind of buyer. Each change below is made straight in the database, as another process would.
 */

const { ctx, catalogue, admin } = useCatalogueApp();
const manager = useSignedIn(ctx, 'manager', admin);
const resellerA = useSignedIn(ctx, 'reseller', manager);
const resellerB = useSignedIn(ctx, 'reseller', resellerA);
const resellerC = useSignedIn(ctx, 'reseller', admin);
const everyone = () => [admin, manager, resellerA, resellerB, resellerC];

const query: ProductListQuery = { page: 1, limit: 500, deleted: 'exclude' };
const withDeleted: ProductListQuery = { ...query, deleted: 'include' };
const db = () => ctx.database.db;
const callerOf = (user: SignedInUser) => ({ userId: user.user.id, role: user.user.role });

let service: ProductsService;
let cache: ProductListCache;
let productIds: string[] = [];

/** The cached answer, inflated. */
async function cached(user: SignedInUser, q = query) {
  const rendered = await service.renderedList(callerOf(user), q);
  return JSON.parse(gunzipSync(rendered.gzip).toString()) as ProductList;
}

/** What every buyer gets from the cache is what an uncached build gives it. */
async function expectExactForEveryone() {
  for (const user of everyone()) {
    const fresh = await service.list(callerOf(user), query);
    expect(await cached(user), user.user.role).toEqual(JSON.parse(JSON.stringify(fresh)));
  }
  const fresh = await service.list(callerOf(admin), withDeleted);
  expect(await cached(admin, withDeleted)).toEqual(JSON.parse(JSON.stringify(fresh)));
}

/** Fragments written from rows by `change` and the answers after it (all cached before). */
async function writtenBy(change: () => Promise<unknown>) {
  return (await afterChange(change)).fragments;
}

/**
 * What the lists built again after `change` wrote: shared JSON, products priced, and lists that
 * read every product again (rather than those written since the list they replace).
 */
async function afterChange(change: () => Promise<unknown>) {
  await expectExactForEveryone();
  const [fragments, products, wholeReads] = [
    cache.fragments.written,
    cache.productsWritten,
    cache.wholeReads,
  ];
  await change();
  await expectExactForEveryone();
  return {
    fragments: cache.fragments.written - fragments,
    products: cache.productsWritten - products,
    wholeReads: cache.wholeReads - wholeReads,
  };
}

beforeAll(async () => {
  cache = new ProductListCache(64 * 1024 * 1024);
  service = new ProductsService(db(), cache);
  const made = [];
  for (let i = 0; i < 8; i++) {
    made.push(
      await catalogue.product({
        name: `Rebuilt ${i}`,
        deliveryType: i % 2 ? 'instant' : 'request',
        keys: i % 2 ? i : undefined,
        stock: i,
        managerPriceCents: BigInt(800 + i),
        resellerPriceCents: BigInt(1000 + i),
      }),
    );
  }
  productIds = made.map((p) => p.id);
  // Every pricing branch: sellers' own prices at each level, the manager's package for reseller
  // A, an admin package for the manager.
  await db()
    .insert(sellerPrices)
    .values([
      { sellerId: manager.user.id, productId: productIds[0]!, priceCents: 1200n },
      { sellerId: manager.user.id, productId: productIds[1]!, priceCents: 700n },
      { sellerId: resellerA.user.id, productId: productIds[0]!, priceCents: 1500n },
      { sellerId: resellerA.user.id, productId: productIds[2]!, priceCents: 1300n },
      { sellerId: resellerB.user.id, productId: productIds[3]!, priceCents: 2000n },
    ]);
  const [managerPackage] = await db()
    .insert(managerPackages)
    .values({ ownerId: manager.user.id, name: 'Partners' })
    .returning();
  await db()
    .insert(managerPackageProducts)
    .values([
      { packageId: managerPackage!.id, productId: productIds[4]!, resellerPriceCents: 1100n },
    ]);
  await db()
    .update(users)
    .set({ managerPackageId: managerPackage!.id })
    .where(eq(users.id, resellerA.user.id));
  const [adminPackage] = await db().insert(packages).values({ name: 'Gold' }).returning();
  await db().insert(packageProducts).values({
    packageId: adminPackage!.id,
    productId: productIds[5]!,
    managerPriceCents: 750n,
    resellerPriceCents: 950n,
  });
  await db()
    .update(users)
    .set({ packageId: adminPackage!.id })
    .where(eq(users.id, manager.user.id));
});

/**
 * Waits until every transaction of the cluster that began before now has ended. A snapshot's
 * xmin is the cluster's oldest running transaction, whatever its database: while another test
 * file's transaction (a 20-second export) is open, the categories written above are not older
 * than a list's snapshot, and every list is read whole, as it should be (changedProducts).
 */
async function untilNoTransactionOlderThanNow() {
  const [mark] = await rowsOf<{ xmax: string }>(
    db(),
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  for (;;) {
    const [now] = await rowsOf<{ passed: boolean }>(
      db(),
      sql`select pg_snapshot_xmin(pg_current_snapshot()) >= ${mark!.xmax}::xid8 as passed`,
    );
    if (now?.passed) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a cached list built again after a change', () => {
  it('writes again only the product whose price changed, in each list', async () => {
    await untilNoTransactionOlderThanNow();
    const written = await afterChange(() =>
      db()
        .update(products)
        .set({ resellerPriceCents: 1999n, managerPriceCents: 1777n })
        .where(eq(products.id, productIds[0]!)),
    );
    // The product row's version changed: its shared JSON is written again once, and it is
    // priced again in each of the six lists (five buyers, the administrator's two); every other
    // product of them is taken as it was, and none of them read every product again.
    expect(written).toEqual({ fragments: 1, products: 6, wholeReads: 0 });
  }, 90_000);

  it("follows the sellers' prices and packages at every level, writing nothing out again", async () => {
    const changes = [
      () =>
        db()
          .update(sellerPrices)
          .set({ priceCents: 2500n })
          .where(
            and(
              eq(sellerPrices.sellerId, manager.user.id),
              eq(sellerPrices.productId, productIds[0]!),
            ),
          ),
      () =>
        db()
          .insert(sellerPrices)
          .values({ sellerId: resellerA.user.id, productId: productIds[6]!, priceCents: 3000n }),
      () => db().delete(sellerPrices).where(eq(sellerPrices.sellerId, resellerB.user.id)),
      () => db().update(managerPackageProducts).set({ resellerPriceCents: 1400n }),
      () => db().update(packageProducts).set({ managerPriceCents: 650n }),
      () => db().update(users).set({ packageId: null }).where(eq(users.id, manager.user.id)),
    ];
    for (const change of changes) expect(await writtenBy(change)).toBe(0);
  });

  it('writes out again only the products of a renamed category or subcategory', async () => {
    const [product] = await db().select().from(products).where(eq(products.id, productIds[1]!));
    const [sub] = await db()
      .insert(subcategories)
      .values({ categoryId: product!.categoryId, nameEn: 'Sub', nameFr: 'Sub', nameAr: 'Sub' })
      .returning();
    // The product moves into the subcategory: its own row changes.
    expect(
      await writtenBy(() =>
        db()
          .update(products)
          .set({ subcategoryId: sub!.id })
          .where(eq(products.id, productIds[1]!)),
      ),
    ).toBe(1);
    expect(
      await writtenBy(() =>
        db()
          .update(subcategories)
          .set({ nameFr: 'Sous-catégorie' })
          .where(eq(subcategories.id, sub!.id)),
      ),
    ).toBe(1);
    // Every product of the factory has its own category.
    expect(
      await writtenBy(() =>
        db()
          .update(categories)
          .set({ nameAr: 'ألعاب' })
          .where(eq(categories.id, product!.categoryId)),
      ),
    ).toBe(1);
  });

  it('shows a product added, renamed, deleted and restored in its place', async () => {
    expect(await writtenBy(() => catalogue.product({ name: 'Rebuilt 3b' }))).toBe(1);
    // Moved first: no list can keep its order, each reads every product again.
    expect(
      await afterChange(() =>
        db().update(products).set({ name: 'Aaa first now' }).where(eq(products.id, productIds[7]!)),
      ),
    ).toEqual({ fragments: 1, products: 6, wholeReads: 6 });
    expect(
      await writtenBy(() =>
        db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, productIds[2]!)),
      ),
    ).toBe(1);
    await writtenBy(() =>
      db().update(products).set({ deletedAt: null }).where(eq(products.id, productIds[2]!)),
    );
    // A product no list but the administrator's shows, its id first: every stock read now has
    // one figure more, before every listed product's (they are in id order).
    await writtenBy(async () => {
      const [model] = await db().select().from(products).where(eq(products.id, productIds[3]!));
      await db()
        .insert(products)
        .values({
          ...model!,
          id: '00000000-0000-4000-8000-000000000000',
          name: 'Rebuilt hidden',
          stock: 3,
          deletedAt: new Date(),
        });
    });
  });

  it('keeps the fragments through sales (the stock is no part of them)', async () => {
    expect(
      await writtenBy(() =>
        db().update(products).set({ stock: 0 }).where(eq(products.id, productIds[0]!)),
      ),
    ).toBe(0);
  });
});

describe('the products written since a list was read', () => {
  const newerThan = async (snapshot: string) =>
    (
      await productVersionsSince(db(), snapshot, { deleted: 'include' }, { platform: false })
    ).products.map(({ row }) => row.id);
  const xminOf = async (id: string) => {
    const [row] = await rowsOf<{ xmin: string }>(
      db(),
      sql`select xmin::text as xmin from products where id = ${id}`,
    );
    return BigInt(row!.xmin);
  };

  it('include those of a transaction under way when the list was read, and of its subtransactions', async () => {
    await db().transaction(async (tx) => {
      await tx
        .update(products)
        .set({ name: 'Written in a transaction' })
        .where(eq(products.id, productIds[0]!));
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(products)
          .set({ name: 'Written in a savepoint' })
          .where(eq(products.id, productIds[1]!));
      });
    });
    const [top, sub] = [await xminOf(productIds[0]!), await xminOf(productIds[1]!)];
    // A subtransaction's id is given after its parent's.
    expect(sub > top).toBe(true);
    // A list read while that transaction was under way: its snapshot lists the transaction as
    // running, and not the subtransaction (pg_current_snapshot() lists top-level ids only).
    const during = `${top}:${sub + 1n}:${top}`;
    expect(await newerThan(during)).toEqual(expect.arrayContaining([productIds[0], productIds[1]]));
    // A list read after it ended: neither is newer.
    const after = `${sub + 1n}:${sub + 1n}:`;
    expect(await newerThan(after)).not.toContain(productIds[0]);
    expect(await newerThan(after)).not.toContain(productIds[1]);
    await expectExactForEveryone();
  });
});

describe('the work kept on disk for the next start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'km-product-lists-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A server started on `dir`, running the build of the code `code`. */
  const started = (code: string) => {
    const fresh = new ProductListCache(64 * 1024 * 1024, new ProductListStore(dir, code));
    return { fresh, service: new ProductsService(db(), fresh) };
  };
  const answer = async (s: ProductsService, user: SignedInUser) =>
    JSON.parse(
      gunzipSync((await s.renderedList(callerOf(user), query)).gzip).toString(),
    ) as unknown;
  const fresh = async (s: ProductsService, user: SignedInUser) =>
    JSON.parse(JSON.stringify(await s.list(callerOf(user), query))) as unknown;

  it('serve the last list again after a restart, with the stock of now and no build', async () => {
    const before = started('build-1');
    const served = await before.service.renderedList(callerOf(resellerB), query);
    await before.fresh.flush();

    const after = started('build-1');
    const again = await after.service.renderedList(callerOf(resellerB), query);
    expect(again.gzip.equals(served.gzip)).toBe(true);
    expect(again.etag).toBe(served.etag);
    expect(after.fresh.builds).toBe(0);

    // A sale while it runs: the kept list, with the stock written in again.
    await db().update(products).set({ stock: 77 }).where(eq(products.id, productIds[0]!));
    expect(await answer(after.service, resellerB)).toEqual(await fresh(after.service, resellerB));
    expect(after.fresh.builds).toBe(0);
  });

  it('keep the list of the last build of a burst, a second after its first answer', async () => {
    const before = started('build-1');
    await answer(before.service, resellerA);
    await db()
      .update(products)
      .set({ resellerPriceCents: 2222n })
      .where(eq(products.id, productIds[3]!));
    const last = await before.service.renderedList(callerOf(resellerA), query);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const after = started('build-1');
    expect((await after.service.renderedList(callerOf(resellerA), query)).etag).toBe(last.etag);
    expect(after.fresh.builds).toBe(0);
  });

  it('build the first list after a restart from kept JSON, exact after changes made while down', async () => {
    const before = started('build-1');
    for (const user of everyone()) await answer(before.service, user);
    await before.fresh.flush();

    // While "down": a price and a name change.
    await db()
      .update(products)
      .set({ resellerPriceCents: 4321n })
      .where(eq(products.id, productIds[4]!));
    await db()
      .update(products)
      .set({ name: 'Renamed while down' })
      .where(eq(products.id, productIds[5]!));

    const after = started('build-1');
    for (const user of everyone()) {
      expect(await answer(after.service, user)).toEqual(await fresh(after.service, user));
    }
    // Built again (the fingerprints changed), writing out only the two products changed.
    expect(after.fresh.builds).toBe(everyone().length);
    expect(after.fresh.fragments.written).toBe(2);
  });

  it('are not used by another build of the code', async () => {
    const other = started('build-2');
    expect(await answer(other.service, resellerB)).toEqual(await fresh(other.service, resellerB));
    expect(other.fresh.builds).toBe(1);
    expect(other.fresh.fragments.written).toBeGreaterThan(8);
  });

  it('give the shared JSON of the products whose rows are the same versions, and only those', async () => {
    const listed = async () => {
      const versions = await listProductVersions(
        db(),
        { deleted: 'include' },
        { limit: 500, offset: 0, language: 'en' },
        { platform: false },
      );
      return versions.ids.map((id, i) => ({ id, version: versions.versions[i]! }));
    };
    const [identity] = await rowsOf<{ database: string }>(
      db(),
      sql`select ${databaseIdentity} as database`,
    );
    const database = identity!.database;
    const store = () => new ProductListStore(path.join(dir, 'fragments-only'), 'build-1');
    const first = new ProductFragments(1 << 20, store(), 0);
    await first.fragmentsOf(database, await listed(), (ids) => findSharedColumns(db(), ids));
    await first.save();

    await db()
      .update(products)
      .set({ name: 'Renamed on disk' })
      .where(eq(products.id, productIds[6]!));
    const second = new ProductFragments(1 << 20, store(), 0);
    const read: string[][] = [];
    const rows = await listed();
    const fragments = await second.fragmentsOf(database, rows, (ids) => {
      read.push(ids);
      return findSharedColumns(db(), ids);
    });
    expect(read).toEqual([[productIds[6]]]);
    const written = (
      await findSharedColumns(
        db(),
        rows.map((row) => row.id),
      )
    ).map(fragmentOf);
    const json = (list: { version: string; json: Buffer }[]) =>
      new Map(list.map((f) => [f.version, f.json.toString()]));
    expect(json(fragments)).toEqual(json(written));

    // One product written after a restart, the store not read (too few to be worth it): what
    // the store held is kept when it is written again.
    await db()
      .update(products)
      .set({ name: 'Renamed again' })
      .where(eq(products.id, productIds[6]!));
    const third = new ProductFragments(1 << 20, store());
    await third.fragmentsOf(
      database,
      [(await listed()).find((row) => row.id === productIds[6])!],
      (ids) => findSharedColumns(db(), ids),
    );
    await third.save();
    expect((await store().loadFragments(database)).size).toBe(rows.length);
  });

  it('are of one database: a file of another, or one cut short, gives nothing', async () => {
    const store = new ProductListStore(dir, 'unit', () => {});
    const fragment = fragmentOf({
      version: '7.8.',
      product: {
        id: productIds[0]!,
        name: 'Jeu é',
        description: 'مفتاح',
        imageFileId: null,
        deliveryType: 'instant',
        isNew: true,
        allowBackorder: true,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      category: { id: productIds[1]!, nameEn: 'Games', nameFr: 'Jeux', nameAr: 'ألعاب' },
      subcategory: null,
    });
    await store.saveFragments('db-a', [[productIds[0]!, fragment]]);
    expect(await store.loadFragments('db-a')).toEqual(new Map([[productIds[0]!, fragment]]));
    expect((await store.loadFragments('db-b')).size).toBe(0);

    const errors: unknown[] = [];
    const cut = new ProductListStore(dir, 'unit', (error) => errors.push(error));
    const file = path.join(dir, 'fragments.bin');
    writeFileSync(file, readFileSync(file).subarray(0, -5));
    expect((await cut.loadFragments('db-a')).size).toBe(0);
    expect(errors).toHaveLength(1);
  });
});
