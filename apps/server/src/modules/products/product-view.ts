import type { Badge, Product } from '@keymarket/contracts/catalogue';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';
import { fileUrl } from '../files/files.repository';
import {
  buyerCostOf,
  loadPricingChain,
  quoteProducts,
  type Quote,
} from '../pricing/pricing.service';
import type { ProductRow, ProductWithRefs } from './products.repository';
import { known } from '../../lib/maps';

export function badgesOf(
  product: Pick<ProductRow, 'isNew' | 'deliveryType' | 'stock' | 'allowBackorder'>,
): Badge[] {
  const badges: Badge[] = [];
  if (product.isNew) badges.push('new');
  badges.push(product.deliveryType);
  const backorders = product.deliveryType === 'instant' && product.allowBackorder;
  if (product.stock === 0) badges.push(backorders ? 'backorder' : 'out of stock');
  return badges;
}

/** Either the platform's own prices (admins) or what this buyer pays and charges. */
export type PriceFields = { kind: 'platform' } | { kind: 'buyer'; quote: Quote };

/** The columns of a product row its platform fields are read from (admins). */
export type PlatformColumns = Pick<
  ProductRow,
  | 'initialPriceCents'
  | 'managerPriceCents'
  | 'resellerPriceCents'
  | 'lowStockThreshold'
  | 'maxOrderQuantity'
  | 'maxDailyQuantity'
  | 'deletedAt'
>;

/*
 * A product as the API shows it is three parts, each written by one function here: the fields
 * that are the same whoever looks (`sharedFields`), the prices the caller sees (`pricedFields`)
 * and the stock (`stockFields`). `productView` is the three together; the whole-catalogue list
 * (product-list-cache.ts) keeps the first part's JSON per product across callers and prices, and
 * writes the stock in for each answer, from the same functions.
 */

/** What every caller who may see the product sees alike. */
export function sharedFields({ product, category, subcategory }: SharedColumns) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    imageUrl: fileUrl(product.imageFileId),
    category,
    subcategory: subcategory?.id ? subcategory : null,
    deliveryType: product.deliveryType,
    isNew: product.isNew,
    allowBackorder: product.allowBackorder,
    createdAt: product.createdAt.toISOString(),
  } satisfies Partial<Product>;
}

/** The columns `sharedFields` reads: a product with its category and subcategory names. */
export interface SharedColumns {
  product: Pick<
    ProductRow,
    | 'id'
    | 'name'
    | 'description'
    | 'imageFileId'
    | 'deliveryType'
    | 'isNew'
    | 'allowBackorder'
    | 'createdAt'
  >;
  category: ProductWithRefs['category'];
  subcategory: ProductWithRefs['subcategory'];
}

/** The prices `prices` gives the caller. */
export function pricedFields(product: PlatformColumns, prices: PriceFields) {
  return prices.kind === 'platform' ? platformFields(product) : buyerFields(prices.quote);
}

/**
 * An administrator's prices: the platform's. Only administrators ever receive the platform's
 * cost, its low-stock threshold and the soft-delete date.
 */
export function platformFields(product: PlatformColumns) {
  return {
    price: fromCents(product.initialPriceCents),
    initialPrice: fromCents(product.initialPriceCents),
    managerPrice: fromCents(product.managerPriceCents),
    resellerPrice: fromCents(product.resellerPriceCents),
    lowStockThreshold: product.lowStockThreshold,
    maxOrderQuantity: product.maxOrderQuantity,
    maxDailyQuantity: product.maxDailyQuantity,
    deletedAt: product.deletedAt?.toISOString() ?? null,
  } satisfies Partial<Product>;
}

/**
 * A buyer's prices: what it pays, and what it charges its own invitees by default with where that
 * comes from (hand-set, its standing rule, or the product's reseller price).
 */
export function buyerFields(quote: Quote) {
  return {
    price: fromCents(buyerCostOf(quote.costsCents)),
    sellingPrice: fromCents(quote.sellingPriceCents),
    sellingPriceSource: quote.sellingPriceSource,
  } satisfies Partial<Product>;
}

/** The fields that follow the stock: its badges and the quantity. */
export function stockFields(
  product: Pick<ProductRow, 'isNew' | 'deliveryType' | 'stock' | 'allowBackorder'>,
) {
  return { badges: badgesOf(product), stockQuantity: product.stock } satisfies Partial<Product>;
}

export function productView(row: ProductWithRefs, prices: PriceFields): Product {
  return {
    ...sharedFields(row),
    ...pricedFields(row.product, prices),
    ...stockFields(row.product),
  };
}

// Past this many products, loading the chain's whole price lists beats an IN list of every id.
export const QUOTE_BY_ID_MAX = 500;

/**
 * Products as `caller` sees them. Admins get the platform prices; anyone else gets its own cost
 * and default selling price from one pricing pass over the whole list (no query per product).
 * Callers never pass soft-deleted rows for a non-admin.
 */
export async function productViewsFor(
  db: Executor,
  caller: AuthContext,
  rows: readonly ProductWithRefs[],
): Promise<Product[]> {
  if (isAdmin(caller)) return rows.map((row) => productView(row, { kind: 'platform' }));
  if (rows.length === 0) return [];
  const chain = await loadPricingChain(db, caller.userId);
  const quotes = await quoteProducts(
    db,
    chain,
    rows.map(({ product, category }) => ({
      id: product.id,
      managerPriceCents: product.managerPriceCents,
      resellerPriceCents: product.resellerPriceCents,
      categoryId: category.id,
    })),
    { onlyThese: rows.length <= QUOTE_BY_ID_MAX },
  );
  return rows.map((row) => {
    return productView(row, { kind: 'buyer', quote: known(quotes, row.product.id) });
  });
}
