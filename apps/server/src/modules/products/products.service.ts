import type { z } from 'zod';
import type {
  Product,
  productFieldsSchema,
  ProductListQuery,
  productPatchSchema,
  subcategoryProductsQuerySchema,
} from '@keymarket/contracts/catalogue';
import { platformPriceSortColumns, type ProductSortColumn } from '@keymarket/contracts/catalogue';
import { toCents } from '@keymarket/contracts/money';
import { pageOf } from '@keymarket/contracts/pagination';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../access/auth-context';
import {
  assertMayEditCatalogue,
  assertMaySeeDeletedProducts,
  assertMaySortByPlatformPrices,
  assertMaySeeProduct,
  isAdmin,
} from '../access/policy';
import { findSubcategory } from '../categories/categories.repository';
import { removeFiles, storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { loadPricingChain, quoteProducts, type PricingChain } from '../pricing/pricing.service';
import { known } from '../../lib/maps';
import { listCacheKey, type ProductListCache } from '../catalogue-list/product-list-cache';
import { changedProducts, withRewritten } from '../catalogue-list/product-list-changes';
import {
  jsonMembers,
  pricedList,
  type ListedProduct,
  type PricedList,
} from '../catalogue-list/product-list-render';
import {
  listSnapshot,
  listState,
  pricingBasisOf,
  type ListSnapshot,
} from '../catalogue-list/product-list-state';
import { buyerFields, platformFields, productViewsFor, QUOTE_BY_ID_MAX } from './product-view';
import { assertCategoryPair, assertPlatformPrices, productNotFound } from './product-rules';
import {
  findProductWithRefs,
  findSharedColumns,
  insertProduct,
  listProducts,
  listProductVersions,
  lockProduct,
  setDeletedAt,
  updateProduct,
  type NewProduct,
  type ProductFilter,
  type ProductPage,
  type ProductRow,
  type ProductVersionRow,
} from './products.repository';
import { initialStock, stockAfterEdit } from '../stock/stock';
import { messages } from '@keymarket/contracts/messages';
import { oneRow } from '../../lib/rows';

type ProductFields = z.output<typeof productFieldsSchema>;
type ProductPatch = z.output<typeof productPatchSchema>;
type SubcategoryProductsQuery = z.output<typeof subcategoryProductsQuerySchema>;

const isPlatformPriceSort = (column: ProductSortColumn | undefined) =>
  platformPriceSortColumns.some((price) => price === column);

/** Lists this long go through the cache; shorter pages cost less to build than to validate. */
export const CACHED_LIST_MIN_LIMIT = 500;

export class ProductsService {
  constructor(
    private readonly db: Database,
    private readonly listCache?: ProductListCache,
  ) {}

  /**
   * Whether `list` for this query is answered by `renderedList` instead. Not when sorted by stock:
   * the cached list keeps its order through sales (only the stock figures are written in), so a
   * stock order would go stale and its pages would repeat or skip products.
   */
  isCachedList(query: ProductListQuery) {
    return (
      Boolean(this.listCache?.enabled) &&
      query.limit >= CACHED_LIST_MIN_LIMIT &&
      query.sort?.by !== 'stock'
    );
  }

  async list(caller: AuthContext, query: ProductListQuery, db: Executor = this.db) {
    assertMayList(caller, query);
    const { rows, total } = await listProducts(db, filterOf(query), pageOfQuery(query));
    return pageOf(await productViewsFor(db, caller, rows), query, total);
  }

  /**
   * The same answer as `list`, as gzip bytes: priced from the list cache, with the current stock
   * (see product-list-cache.ts). A hit costs two small queries (the caller's chain of sellers;
   * the fingerprint with the stock changed since the last answer), writing the stock in and
   * gzipping the pieces whose stock changed.
   */
  async renderedList(caller: AuthContext, query: ProductListQuery) {
    const cache = this.listCache;
    if (!cache) throw new Error('renderedList needs the list cache: ask usesListCache first');
    assertMayList(caller, query);
    const keyOf = (chain: PricingChain | null) => listCacheKey(caller, chain, query);
    const chainOf = (db: Executor) =>
      isAdmin(caller) ? Promise.resolve(null) : loadPricingChain(db, caller.userId);

    const chain = await chainOf(this.db);
    const key = keyOf(chain);
    return cache.answer(
      key,
      (ids) => listState(this.db, chain, cache.stock, ids),
      // Fingerprint and rows from one snapshot: the entry is a list that was true at one moment.
      (replaced) =>
        this.db.transaction(
          async (tx) => {
            const snapshotChain = await chainOf(tx);
            const snapshotKey = keyOf(snapshotChain);
            const snapshot = await listSnapshot(tx, snapshotChain);
            // The list replaced was priced from the same rows but the products' own: its products
            // whose rows are the same versions are taken as they are.
            const samePrices =
              replaced &&
              snapshotKey === key &&
              pricingBasisOf(replaced.fingerprint) === pricingBasisOf(snapshot.fingerprint);
            return {
              key: snapshotKey,
              fingerprint: snapshot.fingerprint,
              list: await this.pricedListOf(tx, cache, query, snapshotChain, snapshot, {
                reusable: samePrices ? replaced.list : undefined,
              }),
            };
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        ),
    );
  }

  /**
   * The list `list` answers, without its stock, from the snapshot `tx` reads (`snapshot`). Built
   * from `reusable` (a list of the same prices) when only some of its products changed: those
   * are read and written again, the rest taken as they are (product-list-changes.ts). Otherwise
   * the products in the list's order with their versions and platform prices (one narrow query);
   * each product of `reusable` whose rows are the same versions taken as it is; the others
   * written from their shared JSON, kept from earlier builds where its version is the same
   * (product-fragments.ts; the wide rows are read only for the rest), and their prices for
   * `chain` (null: an administrator, who sees the platform's prices).
   */
  private async pricedListOf(
    tx: Executor,
    cache: ProductListCache,
    query: ProductListQuery,
    chain: PricingChain | null,
    snapshot: ListSnapshot,
    { reusable }: { reusable: PricedList | undefined },
  ) {
    const [filter, page, platform] = [filterOf(query), pageOfQuery(query), !chain];
    const read = { snapshot: snapshot.xids, idSet: snapshot.idSet };
    const changed =
      reusable && (await changedProducts(tx, reusable, snapshot, filter, page, platform));
    if (reusable && changed) {
      const parts = await this.productParts(tx, cache, chain, snapshot, changed);
      const rewritten = changed.map(({ index }, k) => ({ index, ...known(parts, k) }));
      return withRewritten(reusable, rewritten, { ...read, complete: reusable.read.complete });
    }

    cache.wholeReads++;
    const listed = await listProductVersions(tx, filter, page, { platform });
    const products: (ListedProduct | undefined)[] = [];
    const toWrite: { index: number; row: ProductVersionRow }[] = [];
    const indexIn = reusable && positionsOf(reusable);
    listed.ids.forEach((id, i) => {
      const version = listed.versions[i] ?? '';
      // Most often the product is where it was (a price changed, not a name): no lookup.
      const index = reusable?.ids[i] === id ? i : indexIn?.(id);
      if (reusable && index !== undefined && reusable.versions[index] === version) {
        products.push({ id, version, from: reusable, index });
      } else {
        products.push(undefined);
        toWrite.push({ index: i, row: listed.row(i) });
      }
    });
    const parts = await this.productParts(tx, cache, chain, snapshot, toWrite);
    toWrite.forEach(({ index, row: { id } }, k) => {
      products[index] = { id, ...known(parts, k) };
    });
    const whole = products.map((product) => {
      if (!product) throw new Error('a product of the list without its parts');
      return product;
    });
    const complete = page.offset === 0 && listed.total === listed.ids.length;
    return pricedList(whole, pageOf([], query, listed.total).pagination, {
      ...read,
      complete,
    });
  }

  /** What each of `rows` is written from: its version, shared JSON and priced fields. */
  private async productParts(
    tx: Executor,
    cache: ProductListCache,
    chain: PricingChain | null,
    snapshot: ListSnapshot,
    toWrite: readonly { row: ProductVersionRow }[],
  ) {
    const rows = toWrite.map(({ row }) => row);
    const fragments = await cache.fragments.fragmentsOf(snapshot.database, rows, (ids) =>
      findSharedColumns(tx, ids),
    );
    const prices = await listPricesOf(tx, chain, rows);
    return new Map(
      rows.map((row, k) => {
        const [fragment, priced] = [fragments[k], prices[k]];
        if (!fragment || priced === undefined) throw new Error('a product without its parts');
        return [k, { version: row.version, fragment, prices: priced }];
      }),
    );
  }

  /** The list query of GET /products/subcategory/{id}, once the subcategory is known to exist. */
  async subcategoryQuery(
    subcategoryId: string,
    query: SubcategoryProductsQuery,
  ): Promise<ProductListQuery> {
    if (!(await findSubcategory(this.db, subcategoryId))) {
      throw new AppError('not_found', messages.subcategoryNotFound);
    }
    return { ...query, subcategoryId };
  }

  /** One product as `caller` sees it; soft-deleted ones exist for administrators only. */
  async get(caller: AuthContext, id: string, db: Executor = this.db): Promise<Product> {
    const row = assertMaySeeProduct(caller, await findProductWithRefs(db, id));
    return oneRow(await productViewsFor(db, caller, [row]));
  }

  async create(caller: AuthContext, { image, ...fields }: ProductFields & { image?: Upload }) {
    assertMayEditCatalogue(caller);
    const prices = pricesOf(fields);
    assertPlatformPrices(prices);
    const id = await this.db.transaction(async (tx) => {
      await assertCategoryPair(tx, fields.categoryId, fields.subcategoryId);
      const imageFileId = image
        ? await storeFile(tx, image, { purpose: 'product', ownerId: caller.userId })
        : null;
      const row = await insertProduct(tx, {
        name: fields.name,
        description: fields.description,
        categoryId: fields.categoryId,
        subcategoryId: fields.subcategoryId,
        deliveryType: fields.deliveryType,
        isNew: fields.isNew,
        allowBackorder: fields.allowBackorder,
        ...prices,
        stock: initialStock(fields.deliveryType, fields.stockQuantity),
        lowStockThreshold: fields.lowStockThreshold,
        maxOrderQuantity: fields.maxOrderQuantity,
        maxDailyQuantity: fields.maxDailyQuantity,
        imageFileId,
      });
      await audit(tx, caller, 'product.created', row.id, undefined, row);
      return row.id;
    });
    return this.get(caller, id);
  }

  /** PUT: the whole form again (image optional). An instant product's stock is never taken from it. */
  async replace(
    caller: AuthContext,
    id: string,
    { image, ...fields }: ProductFields & { image?: Upload },
  ) {
    const changes =
      fields.deliveryType === 'request' ? fields : { ...fields, stockQuantity: undefined };
    return this.update(caller, id, changes, image);
  }

  /** PATCH: any subset of the fields, JSON. */
  async patch(caller: AuthContext, id: string, changes: ProductPatch) {
    return this.update(caller, id, changes);
  }

  private async update(caller: AuthContext, id: string, changes: ProductPatch, image?: Upload) {
    assertMayEditCatalogue(caller);
    await this.db.transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw productNotFound();
      const values = await this.nextValues(tx, before, changes);
      if (image)
        values.imageFileId = await storeFile(tx, image, {
          purpose: 'product',
          ownerId: caller.userId,
        });
      const after = await updateProduct(tx, id, values);
      if (image) await removeFiles(tx, [before.imageFileId]);
      await audit(tx, caller, 'product.updated', id, before, after);
    });
    return this.get(caller, id);
  }

  /** The row after `changes`, checked: prices above cost, category pair, stock rules. */
  private async nextValues(tx: Executor, before: ProductRow, changes: ProductPatch) {
    const prices = {
      initialPriceCents: centsOr(changes.initialPrice, before.initialPriceCents),
      managerPriceCents: centsOr(changes.managerPrice, before.managerPriceCents),
      resellerPriceCents: centsOr(changes.resellerPrice, before.resellerPriceCents),
    };
    assertPlatformPrices(prices);

    const categoryId = changes.categoryId ?? before.categoryId;
    // Moving to another category without naming a subcategory leaves the old one behind.
    const subcategoryId =
      changes.subcategoryId !== undefined
        ? changes.subcategoryId
        : categoryId === before.categoryId
          ? before.subcategoryId
          : null;
    if (categoryId !== before.categoryId || subcategoryId !== before.subcategoryId) {
      await assertCategoryPair(tx, categoryId, subcategoryId);
    }

    const deliveryType = changes.deliveryType ?? before.deliveryType;
    const values: Partial<NewProduct> = {
      name: changes.name,
      description: changes.description,
      isNew: changes.isNew,
      allowBackorder: changes.allowBackorder,
      categoryId,
      subcategoryId,
      deliveryType,
      ...prices,
      stock: await stockAfterEdit(tx, before, deliveryType, changes.stockQuantity),
      lowStockThreshold: changes.lowStockThreshold,
      maxOrderQuantity: changes.maxOrderQuantity,
      maxDailyQuantity: changes.maxDailyQuantity,
    };
    return values;
  }

  /** Soft delete: hidden from everyone but administrators, restorable. */
  async softDelete(caller: AuthContext, id: string) {
    return this.setDeleted(caller, id, true);
  }

  async restore(caller: AuthContext, id: string) {
    return this.setDeleted(caller, id, false);
  }

  private async setDeleted(caller: AuthContext, id: string, deleted: boolean) {
    assertMayEditCatalogue(caller);
    await this.db.transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw productNotFound();
      // Deleting twice keeps the first date; restoring a live product changes nothing.
      if (Boolean(before.deletedAt) === deleted) return;
      await setDeletedAt(tx, id, deleted);
      await audit(
        tx,
        caller,
        deleted ? 'product.deleted' : 'product.restored',
        id,
        undefined,
        undefined,
      );
    });
    return this.get(caller, id);
  }
}

const pricesOf = (
  fields: Pick<ProductFields, 'initialPrice' | 'managerPrice' | 'resellerPrice'>,
) => ({
  initialPriceCents: toCents(fields.initialPrice),
  managerPriceCents: toCents(fields.managerPrice),
  resellerPriceCents: toCents(fields.resellerPrice),
});

const centsOr = (usd: number | undefined, current: bigint) =>
  usd === undefined ? current : toCents(usd);

const audit = (
  tx: Executor,
  caller: AuthContext,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
) =>
  writeAudit(tx, {
    actorId: caller.userId,
    action,
    targetType: 'product',
    targetId,
    before,
    after,
  });

/** Where each product is in `list`, its positions mapped when first asked. */
function positionsOf(list: PricedList) {
  let positions: Map<string, number> | undefined;
  return (id: string) => {
    positions ??= new Map(list.ids.map((listed, index) => [listed, index]));
    return positions.get(id);
  };
}

/** Who may ask for this list: deleted products and platform-price sorts are for administrators. */
function assertMayList(caller: AuthContext, query: ProductListQuery) {
  if (query.deleted !== 'exclude') assertMaySeeDeletedProducts(caller);
  if (isPlatformPriceSort(query.sort?.by)) assertMaySortByPlatformPrices(caller);
}

const filterOf = (query: ProductListQuery): ProductFilter => ({
  categoryId: query.categoryId,
  subcategoryId: query.subcategoryId,
  search: query.search || undefined,
  deleted: query.deleted,
});

const pageOfQuery = (query: ProductListQuery): ProductPage => ({
  limit: query.limit,
  offset: (query.page - 1) * query.limit,
  sort: query.sort,
  language: query.lang ?? 'en',
});

/**
 * Each row's priced fields as JSON members (product-view.ts `pricedFields`): the platform's
 * prices for an administrator (no chain), else what the chain's buyer pays and charges, from one
 * pricing pass over the whole list.
 */
async function listPricesOf(
  tx: Executor,
  chain: PricingChain | null,
  rows: readonly ProductVersionRow[],
): Promise<string[]> {
  if (!chain) {
    return rows.map(({ platform, ...row }) => {
      if (!platform) throw new Error("an administrator's list is read with the platform columns");
      return jsonMembers(platformFields({ ...row, ...platform }));
    });
  }
  const quotes = await quoteProducts(tx, chain, rows, {
    onlyThese: rows.length <= QUOTE_BY_ID_MAX,
  });
  return rows.map((row) => {
    return jsonMembers(buyerFields(known(quotes, row.id)));
  });
}
