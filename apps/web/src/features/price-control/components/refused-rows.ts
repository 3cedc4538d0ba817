import type { TFunction } from 'i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { ApiError } from '@/lib/api-error';
import { formatUsdInText } from '@/lib/usd-input';

export type RefusedField = 'managerPrice' | 'resellerPrice' | 'productId';

/** One product the server named when it refused a bulk update, and what was wrong with it. */
export type RefusedRow = { productId: string; fields: RefusedField[] };

// The server locates each problem in the request body: `body.products.<index>.<field>`.
const ROW_PATH = /^body\.products\.(\d+)\.(managerPrice|resellerPrice|productId)$/;

/**
 * The rows a refused bulk update names, in request order. `sentIds` are the product ids in the
 * order they were sent, since the server points at rows by their index in that list.
 */
export function refusedRowsOf(error: unknown, sentIds: readonly string[]): RefusedRow[] {
  if (!(error instanceof ApiError) || !error.body.details) return [];
  const byProduct = new Map<string, RefusedField[]>();
  for (const detail of error.body.details) {
    const match = ROW_PATH.exec(detail.path);
    const productId = match ? sentIds[Number(match[1])] : undefined;
    if (!match || !productId) continue;
    const fields = byProduct.get(productId) ?? [];
    fields.push(match[2] as RefusedField);
    byProduct.set(productId, fields);
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
