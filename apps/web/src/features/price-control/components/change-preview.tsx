import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { formatUsdAmount } from '@/lib/format-price';

export type AmountField = 'managerPrice' | 'resellerPrice';
export type Change = Partial<Record<AmountField, number>>;

// The confirmation lists this many products with their prices before and after.
const PREVIEWED_PRODUCTS = 5;

/** The price a field changes, as the caller sees it: a seller's `resellerPrice` is its selling price. */
function currentPrice(product: Product, field: AmountField, isAdmin: boolean): number | undefined {
  if (field === 'managerPrice') return product.managerPrice;
  return isAdmin ? product.resellerPrice : product.sellingPrice;
}

/** A price after `change` of `field`, rounded to the cent; undefined where the caller has none. */
function newPrice(product: Product, field: AmountField, change: Change, isAdmin: boolean) {
  const from = currentPrice(product, field, isAdmin);
  return from === undefined ? undefined : Math.round((from + (change[field] ?? 0)) * 100) / 100;
}

/** The products whose price of some changed field would fall below zero: the server refuses them. */
export function productsBelowZero(
  change: Change,
  products: readonly Product[],
  isAdmin: boolean,
): Product[] {
  const fields = Object.keys(change) as AmountField[];
  return products.filter((product) =>
    fields.some((field) => (newPrice(product, field, change, isAdmin) ?? 0) < 0),
  );
}

/** What a bulk change will do: the rule, then the first products with their prices before and after. */
export function ChangePreview({
  change,
  products,
  isAdmin,
}: {
  change: Change;
  products: readonly Product[];
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation('pricing');
  const language = i18n.language;
  const changed = (Object.keys(change) as AmountField[]).filter((field) => change[field]);
  const label = (field: AmountField) => t(isAdmin ? `table.${field}` : 'table.sellingPrice');
  const belowZero = productsBelowZero(change, products, isAdmin);
  const priceLine = (product: Product, field: AmountField) => {
    const from = currentPrice(product, field, isAdmin);
    const to = newPrice(product, field, change, isAdmin);
    return from === undefined || to === undefined ? (
      '—'
    ) : (
      <bdi dir="ltr" className={clsx('tabular-nums', to < 0 && 'font-semibold text-danger')}>
        {formatUsdAmount(from, language)} → {formatUsdAmount(to, language)}
      </bdi>
    );
  };
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="bulk-preview">
      {belowZero.length > 0 && (
        <Alert title={t('bulk.belowZero', { count: belowZero.length })}>
          {/* Inside the alert's paragraph: spans set as blocks, not a list. */}
          {belowZero.slice(0, PREVIEWED_PRODUCTS).map((product) => (
            <span key={product.id} className="mt-1 block">
              <bdi dir="auto" className="font-medium wrap-anywhere">
                {product.name}
              </bdi>
              {changed
                .filter((field) => (newPrice(product, field, change, isAdmin) ?? 0) < 0)
                .map((field) => (
                  <span key={field} className="block text-xs">
                    {label(field)}: {priceLine(product, field)}
                  </span>
                ))}
            </span>
          ))}
          {belowZero.length > PREVIEWED_PRODUCTS && (
            <span className="mt-1 block">
              {t('bulk.previewMore', { count: belowZero.length - PREVIEWED_PRODUCTS })}
            </span>
          )}
        </Alert>
      )}
      <ul className="flex flex-col gap-1">
        {changed.map((field) => (
          <li key={field} className="flex justify-between gap-3">
            <span className="text-muted">{label(field)}</span>
            <bdi dir="ltr" className="font-semibold tabular-nums">
              {formatUsdAmount(change[field] ?? 0, language, { signed: true })}
            </bdi>
          </li>
        ))}
      </ul>
      <ul
        aria-label={t('bulk.previewLabel')}
        className="flex flex-col gap-2 rounded-lg bg-surface-2 p-3"
      >
        {products.slice(0, PREVIEWED_PRODUCTS).map((product) => (
          <li key={product.id} className="flex flex-col gap-0.5">
            <bdi dir="auto" className="font-medium wrap-anywhere text-fg">
              {product.name}
            </bdi>
            {changed.map((field) => (
              <span key={field} className="text-xs text-muted">
                {label(field)}: {priceLine(product, field)}
              </span>
            ))}
          </li>
        ))}
        {products.length > PREVIEWED_PRODUCTS && (
          <li className="text-xs text-muted">
            {t('bulk.previewMore', { count: products.length - PREVIEWED_PRODUCTS })}
          </li>
        )}
      </ul>
    </div>
  );
}
