import type { TFunction } from 'i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { ApiError } from '@/lib/api-error';
import { formatUsdInText } from '@/lib/usd-input';

export type RefusedField = 'managerPrice' | 'resellerPrice' | 'productId';

/** One product the server named when it refused a bulk update, and what was wrong with it. */
export type RefusedRow = { productId: string; fields: RefusedField[] };

// The server locates each problem in the request body when the body lists the products, by
// index: `body.products.<index>.<field>` (rows), `body.target.productIds.<index>` (an unknown
// product of a selection); and by id for the products it chose itself (a category, every
// product) and every targeted change: `products.<productId>.<field>`.
const INDEX_PATH =
  /^body\.(?:products|target\.productIds)\.(\d+)(?:\.(managerPrice|resellerPrice|productId))?$/;
const ID_PATH = /^products\.([0-9a-f-]{36})\.(managerPrice|resellerPrice)$/;

function locate(path: string, sentIds: readonly string[]) {
  const byIndex = INDEX_PATH.exec(path);
  if (byIndex) {
    const productId = sentIds[Number(byIndex[1])];
    const field = (byIndex[2] ?? 'productId') as RefusedField;
    return productId ? { productId, field } : undefined;
  }
  const byId = ID_PATH.exec(path);
  return byId ? { productId: byId[1]!, field: byId[2] as RefusedField } : undefined;
}

/**
 * The rows a refused bulk update names, in the order of its details. `sentIds` are the product
 * ids in the order they were sent, since the server points at listed products by their index.
 */
export function refusedRowsOf(error: unknown, sentIds: readonly string[]): RefusedRow[] {
  if (!(error instanceof ApiError) || !error.body.details) return [];
  const byProduct = new Map<string, RefusedField[]>();
  for (const detail of error.body.details) {
    const located = locate(detail.path, sentIds);
    if (!located) continue;
    const fields = byProduct.get(located.productId) ?? [];
    fields.push(located.field);
    byProduct.set(located.productId, fields);
  }
  return [...byProduct].map(([productId, fields]) => ({ productId, fields }));
}

/** What the row of `product` says about its refusal, in the user's language. */
export function describeRefusedRow(
  row: RefusedRow,
  product: Product | undefined,
  isAdmin: boolean,
  t: TFunction<'pricing'>,
): string {
  return row.fields
    .map((field) => {
      if (field === 'productId' || !product) return t('refusal.productGone');
      if (!isAdmin)
        return t('refusal.sellingBelowBuying', { price: formatUsdInText(product.price) });
      const price = formatUsdInText(product.initialPrice ?? 0);
      return field === 'managerPrice'
        ? t('refusal.managerBelowInitial', { price })
        : t('refusal.resellerBelowInitial', { price });
    })
    .join(' · ');
}
