import { and, asc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProductSortColumn } from '@keymarket/contracts/catalogue';
import type { Sort } from '@keymarket/contracts/pagination';
import type { languages } from '@keymarket/contracts/system-settings';
import { rowsOf, type Executor } from '../../db/client';
import { sortedBy } from '../../db/sort';
import { categories, products, subcategories } from '../../db/schema/index';
import { oneRow } from '../../lib/rows';
import { foldProductStock, productStock } from '../stock/stock';

type Language = (typeof languages)[number];

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

export interface ProductFilter {
  categoryId?: string;
  subcategoryId?: string;
  search?: string;
  deleted: 'exclude' | 'include' | 'only';
}

const sub = alias(subcategories, 'sub');

/** What describes a product to every buyer alike: a listing's and a kept fragment's columns. */
const productDescription = {
  id: products.id,
  name: products.name,
  description: products.description,
  imageFileId: products.imageFileId,
  deliveryType: products.deliveryType,
  isNew: products.isNew,
  allowBackorder: products.allowBackorder,
};

/** A product with the names of its category and subcategory, as every listing shows it. */
const withRefs = {
  // The columns a view needs, no more: the 10,000-row list pays for every one it maps.
  product: {
    ...productDescription,
    initialPriceCents: products.initialPriceCents,
    managerPriceCents: products.managerPriceCents,
    resellerPriceCents: products.resellerPriceCents,
    stock: productStock,
    lowStockThreshold: products.lowStockThreshold,
    maxOrderQuantity: products.maxOrderQuantity,
    maxDailyQuantity: products.maxDailyQuantity,
    deletedAt: products.deletedAt,
    createdAt: products.createdAt,
  },
  category: {
    id: categories.id,
    nameEn: categories.nameEn,
    nameFr: categories.nameFr,
    nameAr: categories.nameAr,
  },
  subcategory: { id: sub.id, nameEn: sub.nameEn, nameFr: sub.nameFr, nameAr: sub.nameAr },
};

export type ProductWithRefs = NonNullable<Awaited<ReturnType<typeof findProductWithRefs>>>;

/** `%` and `_` typed by the user are letters to find, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: ProductFilter): SQL | undefined {
  return and(
    filter.deleted === 'exclude' ? isNull(products.deletedAt) : undefined,
    filter.deleted === 'only' ? isNotNull(products.deletedAt) : undefined,
    filter.categoryId ? eq(products.categoryId, filter.categoryId) : undefined,
    filter.subcategoryId ? eq(products.subcategoryId, filter.subcategoryId) : undefined,
    filter.search ? ilike(products.name, `%${escapeLike(filter.search)}%`) : undefined,
  );
}

export interface ProductPage {
  limit: number;
  offset: number;
  sort?: Sort<ProductSortColumn> | undefined;
  /** The language of the category names `sort=category` follows. */
  language: Language;
}

const categoryNames = { en: categories.nameEn, fr: categories.nameFr, ar: categories.nameAr };

/** The list's own order: by name, the id keeping equal names in one order across pages. */
const byName = [asc(products.name), asc(products.id)];

/** What each sortable column of a products list sorts by; equal values follow `byName`. */
function orderOf({ sort, language }: ProductPage): SQL[] {
  return sortedBy(
    sort,
    {
      name: products.name,
      category: categoryNames[language],
      initialPrice: products.initialPriceCents,
      managerPrice: products.managerPriceCents,
      resellerPrice: products.resellerPriceCents,
      stock: productStock,
    },
    byName,
  );
}

/** One page of products with their category names: two queries whatever the page size. */
export async function listProducts(db: Executor, filter: ProductFilter, page: ProductPage) {
  const where = whereOf(filter);
  const [rows, [count]] = await Promise.all([
    db
      .select(withRefs)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(sub, eq(sub.id, products.subcategoryId))
      .where(where)
      .orderBy(...orderOf(page))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * A page of products as `listProducts` orders and filters it, each with what a cached list needs
 * to reuse or redo its parts (product-list-cache.ts): the version of the rows its shared fields
 * are read from (the xmin of its product, category and subcategory rows: any committed change to
 * one of them gives it another), and the columns its prices are computed from.
 *
 * Narrow, and read as one text (a product's fields joined by spaces, the products by commas, in
 * the list's order: an array of the ordered rows keeps it) with the count in the same
 * statement: ~10,000 products are read for each list built, and one text costs the driver and
 * the mapping a small part of 10,000 rows (~2 ms of CPU against ~28 ms), and the database less
 * than four ordered aggregates (~33 against ~46 ms, measured loaded).
 */
export async function listProductVersions(
  db: Executor,
  filter: ProductFilter,
  page: ProductPage,
  /** Read the columns only administrators see too (`PlatformColumns` in product-view.ts). */
  { platform }: { platform: boolean },
) {
  const where = whereOf(filter);
  const [result] = await rowsOf<{ page: string | null; total: number }>(
    db,
    sql`select array_to_string(array(
        select ${versionFields(platform)}
        from ${productsWithRefs}
        ${where ? sql`where ${where}` : sql``}
        order by ${sql.join(orderOf(page), sql`, `)}
        limit ${page.limit} offset ${page.offset}), ',') as page,
      (select count(*)::int from products ${where ? sql`where ${where}` : sql``}) as total`,
  );
  const listed = result?.page ? result.page.split(',') : [];
  const ids: string[] = [];
  const versions: string[] = [];
  for (const product of listed) {
    const idEnd = product.indexOf(' ');
    const versionEnd = product.indexOf(' ', idEnd + 1);
    ids.push(product.slice(0, idEnd));
    versions.push(product.slice(idEnd + 1, versionEnd));
  }
  return {
    ids,
    versions,
    total: Number(result?.total ?? 0),
    /** Product i with its price columns (read as numbers only for the products asked about). */
    row: (i: number) => versionRowOf(listed[i] ?? '', platform),
  };
}

/** Products with their category and subcategory rows, as the versioned reads join them. */
const productsWithRefs = sql`products
  inner join categories on ${categories.id} = ${products.categoryId}
  left join subcategories as sub on ${sub.id} = ${products.subcategoryId}`;

/**
 * A product's id, version and price columns as one text, the fields joined by spaces
 * (`versionRowOf` reads it back).
 */
function versionFields(platform: boolean): SQL {
  const fields = [
    sql`${products.id}`,
    sql`concat_ws('.', ${products}.xmin, ${categories}.xmin, ${sub}.xmin)`,
    sql`${products.managerPriceCents}`,
    sql`${products.resellerPriceCents}`,
    // Which of a seller's standing rules prices the product (pricing.service.ts).
    sql`${products.categoryId}`,
    ...(platform
      ? [
          sql`${products.initialPriceCents}`,
          sql`coalesce(${products.lowStockThreshold}::text, '')`,
          sql`coalesce(floor(extract(epoch from ${products.deletedAt}) * 1000)::text, '')`,
          sql`coalesce(${products.maxOrderQuantity}::text, '')`,
          sql`coalesce(${products.maxDailyQuantity}::text, '')`,
        ]
      : []),
  ];
  return sql`concat_ws(' ', ${sql.join(fields, sql`, `)})`;
}

/** A product of `versionFields`' text, its price columns as numbers. */
function versionRowOf(text: string, platform: boolean) {
  const [
    id = '',
    version = '',
    manager,
    reseller,
    categoryId = '',
    initial,
    threshold,
    deleted,
    perOrder,
    daily,
  ] = text.split(' ');
  return {
    id,
    version,
    managerPriceCents: BigInt(manager ?? ''),
    resellerPriceCents: BigInt(reseller ?? ''),
    categoryId,
    platform: platform
      ? {
          initialPriceCents: BigInt(initial ?? ''),
          lowStockThreshold: threshold ? Number(threshold) : null,
          deletedAt: deleted ? new Date(Number(deleted)) : null,
          maxOrderQuantity: perOrder ? Number(perOrder) : null,
          maxDailyQuantity: daily ? Number(daily) : null,
        }
      : undefined,
  };
}

export type ProductVersionRow = ReturnType<typeof versionRowOf>;

/**
 * The products whose product row was written by a transaction not older than `since` (the xmin
 * of a snapshot, `pg_current_snapshot()` as text), whether or not they pass `filter`: each as
 * `versionFields` with whether it passes. With them, whether a category or subcategory row was
 * written since then too, and how many transaction ids `since` is behind now: 32-bit ids
 * compare only within 2^31 of each other (product-list-changes.ts).
 */
export async function productVersionsSince(
  db: Executor,
  since: string,
  filter: ProductFilter,
  { platform }: { platform: boolean },
) {
  const where = whereOf(filter) ?? sql`true`;
  // age() counts back from one transaction id for the whole statement, so "age no greater than
  // that of the snapshot's xmin" is "xmin not older than it".
  const newer = (table: string) => sql`age(${sql.raw(table)}.xmin) <= (select age from since)`;
  const [result] = await rowsOf<{ behind: string; refs: boolean; changed: string | null }>(
    db,
    sql`with since as (
        select age(xid(pg_snapshot_xmin(${since}::pg_snapshot))) as age,
          pg_snapshot_xmax(pg_current_snapshot())::text::numeric
            - pg_snapshot_xmin(${since}::pg_snapshot)::text::numeric as behind)
      select (select behind::text from since) as behind,
        exists(select from categories where ${newer('categories')})
          or exists(select from subcategories where ${newer('subcategories')}) as refs,
        array_to_string(array(
          select concat_ws(' ', case when ${where} then 1 else 0 end, ${versionFields(platform)})
          from ${productsWithRefs}
          where ${newer('products')}), ',') as changed`,
  );
  return {
    behind: Number(result?.behind ?? Number.NaN),
    categoriesChanged: result?.refs ?? true,
    products: (result?.changed ? result.changed.split(',') : []).map((text) => ({
      passes: text.startsWith('1 '),
      row: versionRowOf(text.slice(2), platform),
    })),
  };
}

/** Those of `ids` that pass `filter`, in the order `page` lists them. */
export async function orderAmong(
  db: Executor,
  ids: readonly string[],
  filter: ProductFilter,
  page: ProductPage,
): Promise<string[]> {
  const where = and(whereOf(filter), sql`${products.id} = any(${sql.param([...ids])}::uuid[])`);
  const [result] = await rowsOf<{ ids: string | null }>(
    db,
    sql`select array_to_string(array(
        select ${products.id}::text from ${productsWithRefs}
        where ${where}
        order by ${sql.join(orderOf(page), sql`, `)}), ',') as ids`,
  );
  return result?.ids ? result.ids.split(',') : [];
}

/** The shared fields' columns (product-view.ts `SharedColumns`) of `ids`, with their version. */
export async function findSharedColumns(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      version: sql<string>`concat_ws('.', ${products}.xmin, ${categories}.xmin, ${sub}.xmin)`,
      product: {
        ...productDescription,
        createdAt: products.createdAt,
      },
      category: withRefs.category,
      subcategory: withRefs.subcategory,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .where(sql`${products.id} = any(${sql.param([...ids])}::uuid[])`);
}

export async function findProductWithRefs(db: Executor, id: string) {
  const [row] = await db
    .select(withRefs)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/**
 * The product row, locked until the transaction ends, for an administrator's change: stock,
 * prices and delivery type change under this lock. The pending stock changes are folded in, so
 * the row's counter is the stock.
 */
export async function lockProduct(db: Executor, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) return undefined;
  // The fold takes the committed sales. A sale still under way (its statement takes a key-share
  // lock on this row only at its end, for the foreign key, and so waits for this one) is not
  // folded: its change stays pending and counts once it commits, so the stock stays exact.
  const stock = await foldProductStock(db, id);
  return stock === undefined ? row : { ...row, stock };
}

/**
 * The product row locked for keys arriving (an import, a move into it, a backorder fill): FOR NO
 * KEY UPDATE, so fills of one product and its imports run one at a time and an administrator's
 * edit (`lockProduct`, FOR UPDATE) waits, while sales go on: a sale's statement takes only a
 * key-share lock on the row (its foreign keys), which this one does not block. Were sales to wait
 * here, a sale holding its sellers' rows while waiting for the product, and a fill holding the
 * product while crediting those sellers, would deadlock (fill-backorders.ts). Folds the committed
 * pending changes, as `lockProduct` does; a sale still under way keeps its change pending.
 */
export async function lockProductForKeys(db: Executor, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('no key update');
  if (!row) return undefined;
  const stock = await foldProductStock(db, id);
  return stock === undefined ? row : { ...row, stock };
}

/**
 * The live products among `ids`. `forUpdate` (administrators changing the platform's prices)
 * locks them so concurrent changes apply one after the other; sellers only read them, so their
 * price changes never hold up order placement on the same rows.
 */
export async function findLiveProducts(
  db: Executor,
  ids: readonly string[],
  { forUpdate }: { forUpdate: boolean },
) {
  const query = db
    .select()
    .from(products)
    .where(and(inArray(products.id, [...ids]), isNull(products.deletedAt)))
    .orderBy(products.id); // one lock order for everyone: no deadlock between two bulk updates
  return forUpdate ? query.for('update') : query;
}

export async function insertProduct(db: Executor, values: NewProduct) {
  return oneRow(await db.insert(products).values(values).returning());
}

export async function updateProduct(db: Executor, id: string, values: Partial<NewProduct>) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function setDeletedAt(db: Executor, id: string, deleted: boolean) {
  await db
    .update(products)
    .set({ deletedAt: deleted ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}
