import type { Badge, Product } from '@keymarket/contracts/catalogue';
import { fromCents } from '@keymarket/contracts/money';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';
import { fileUrl } from '../files/files.repository';
import { buyerCostOf, loadPricingChain, quoteProducts } from '../pricing/pricing.service';
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
type PriceFields =
  { kind: 'platform' } | { kind: 'buyer'; costCents: bigint; sellingPriceCents: bigint };

export function productView(
  { product, category, subcategory }: ProductWithRefs,
  prices: PriceFields,
): Product {
  const view: Product = {
    id: product.id,
    name: product.name,
    description: product.description,
    imageUrl: fileUrl(product.imageFileId),
    category,
    subcategory: subcategory?.id ? subcategory : null,
    deliveryType: product.deliveryType,
    isNew: product.isNew,
    badges: badgesOf(product),
    stockQuantity: product.stock,
    allowBackorder: product.allowBackorder,
    price: 0,
    createdAt: product.createdAt.toISOString(),
  };
  if (prices.kind === 'platform') {
    // Only administrators ever receive the platform's cost and the soft-delete date.
    return {
      ...view,
      price: fromCents(product.initialPriceCents),
      initialPrice: fromCents(product.initialPriceCents),
      managerPrice: fromCents(product.managerPriceCents),
      resellerPrice: fromCents(product.resellerPriceCents),
      lowStockThreshold: product.lowStockThreshold,
      deletedAt: product.deletedAt?.toISOString() ?? null,
    };
  }
  return {
    ...view,
    price: fromCents(prices.costCents),
    sellingPrice: fromCents(prices.sellingPriceCents),
  };
}

// Past this many products, loading the chain's whole price lists beats an IN list of every id.
const QUOTE_BY_ID_MAX = 500;

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
    rows.map((row) => row.product),
    { onlyThese: rows.length <= QUOTE_BY_ID_MAX },
  );
  return rows.map((row) => {
    const quote = known(quotes, row.product.id);
    return productView(row, {
      kind: 'buyer',
      costCents: buyerCostOf(quote.costsCents),
      sellingPriceCents: quote.sellingPriceCents,
    });
  });
}
