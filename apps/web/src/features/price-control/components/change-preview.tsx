import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { formatUsdAmount } from '@/lib/format-price';
import {
  type AmountField,
  type Change,
  changedFields,
  currentPrice,
  newPrice,
  type Refusal,
} from './price-change';
import { describeRefusedRow } from './refused-rows';

// The confirmation lists this many products with their prices before and after.
const PREVIEWED_PRODUCTS = 5;

/** A percentage change as the reader's language writes one, with its sign: "+12.5 %", "-5 %". */
function formatPercentChange(percent: number, language: string): string {
  return new Intl.NumberFormat(`${language}-u-nu-latn`, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

/**
 * What a bulk change will do: the products the server would refuse, with the reason, then the
 * change itself and the first products with their prices before and after.
 */
export function ChangePreview({
  change,
  products,
  refusals,
  isAdmin,
}: {
  change: Change;
  products: readonly Product[];
  /** `refusalsOf(change, products, isAdmin)`, which the form also reads to disable the confirm. */
  refusals: readonly Refusal[];
  isAdmin: boolean;
}) {
  const { t, i18n } = useTranslation('pricing');
  const language = i18n.language;
  const changed = changedFields(change);
  const label = (field: AmountField) => t(isAdmin ? `table.${field}` : 'table.sellingPrice');
  const priceLine = (product: Product, field: AmountField, floor?: number) => {
    const from = currentPrice(product, field, isAdmin);
    const to = newPrice(product, field, change, isAdmin);
    return from === undefined || to === undefined ? (
      '—'
    ) : (
      <bdi
        dir="ltr"
        className={clsx('tabular-nums', floor !== undefined && to < floor && 'font-semibold')}
      >
        {formatUsdAmount(from, language)} → {formatUsdAmount(to, language)}
      </bdi>
    );
  };
  const amountOf = (field: AmountField) =>
    change.mode === 'percent'
      ? formatPercentChange(change[field] ?? 0, language)
      : formatUsdAmount(change[field] ?? 0, language, { signed: true });
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="bulk-preview">
      {refusals.length > 0 && (
        <Alert title={t('bulk.refusedInPreview', { count: refusals.length })}>
          {/* Inside the alert's paragraph: spans set as blocks, not a list. */}
          {refusals.slice(0, PREVIEWED_PRODUCTS).map(({ product, fields, floor }) => (
            <span key={product.id} className="mt-1 block">
              <bdi dir="auto" className="font-medium wrap-anywhere">
                {product.name}
              </bdi>
              {fields.map((field) => (
                <span key={field} className="block text-xs">
                  {label(field)}: {priceLine(product, field, floor)}
                </span>
              ))}
              <span className="block text-xs">
                {describeRefusedRow({ productId: product.id, fields }, product, isAdmin, t)}
              </span>
            </span>
          ))}
          {refusals.length > PREVIEWED_PRODUCTS && (
            <span className="mt-1 block">
              {t('bulk.previewMore', { count: refusals.length - PREVIEWED_PRODUCTS })}
            </span>
          )}
        </Alert>
      )}
      <ul className="flex flex-col gap-1">
        {changed.map((field) => (
          <li key={field} className="flex justify-between gap-3">
            <span className="text-muted">{label(field)}</span>
            <bdi dir="ltr" className="font-semibold tabular-nums">
              {amountOf(field)}
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
