import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { bulkPriceChangeSchema, type Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatUsdAmount } from '@/lib/format-price';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { parseUsdInput } from '@/lib/usd-input';
import { useBulkUpdatePrices } from '../api/bulk-update-prices';
import { describeRefusedRow, refusedRowsOf } from './refused-rows';

type AmountField = 'managerPrice' | 'resellerPrice';
type Change = Partial<Record<AmountField, number>>;

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
function ChangePreview({
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

// The alert names this many refused products; the table marks every one of them.
const LISTED_REFUSALS = 5;

type BulkUpdateFormProps = {
  isAdmin: boolean;
  selected: ReadonlyMap<string, Product>;
  onClearSelection: () => void;
  /** Translated problems by product id after a refusal; an empty map clears them. */
  onRefusals: (refusals: Map<string, string>) => void;
};

/**
 * Signed USD amounts added to the selected products' prices (an admin's manager and reseller
 * prices, a seller's own selling price). The server applies all of them or none.
 */
export function BulkUpdateForm({
  isAdmin,
  selected,
  onClearSelection,
  onRefusals,
}: BulkUpdateFormProps) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const bulkUpdate = useBulkUpdatePrices();
  const fields: AmountField[] = isAdmin ? ['managerPrice', 'resellerPrice'] : ['resellerPrice'];
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm(bulkPriceChangeSchema);
  const [refused, setRefused] = useState<{ productId: string; name: string; problem: string }[]>(
    [],
  );
  // The contract refuses a change of nothing as a whole (its error has no field's name): said
  // under the first field.
  const changesNothing = Object.keys(errors).some(
    (key) => key !== 'managerPrice' && key !== 'resellerPrice',
  );
  const errorOf = (field: AmountField) =>
    translateFieldError(errors[field], tCore) ??
    (field === fields[0] && changesNothing ? t('bulk.amountRequired') : undefined);

  // A bulk change touches many prices at once: what it will do is shown, and confirmed, first.
  const [pending, setPending] = useState<{ change: Change; products: Product[] } | null>(null);

  const submit = handleSubmit((values) => {
    // A field left blank or at 0 changes nothing, and is left out of the request.
    const change: Change = {};
    for (const field of fields) if (values[field]) change[field] = values[field];
    setPending({ change, products: [...selected.values()] });
  });

  function apply() {
    if (!pending || productsBelowZero(pending.change, pending.products, isAdmin).length > 0) return;
    const { change, products } = pending;
    bulkUpdate.mutate(
      { products: products.map((product) => ({ productId: product.id, ...change })) },
      {
        onSettled: () => setPending(null),
        onSuccess: ({ updated }) => {
          toast.success(t('bulk.success', { count: updated }));
          reset();
          setRefused([]);
          onRefusals(new Map());
          onClearSelection();
        },
        onError: (error) => {
          const rows = refusedRowsOf(
            error,
            products.map((product) => product.id),
          );
          const described = rows.map((row) => {
            const product = selected.get(row.productId);
            return {
              productId: row.productId,
              name: product?.name ?? row.productId,
              problem: describeRefusedRow(row, product, isAdmin, t),
            };
          });
          setRefused(described);
          onRefusals(new Map(described.map((row) => [row.productId, row.problem])));
        },
      },
    );
  }

  return (
    <Card title={t('bulk.title')} description={t('bulk.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start gap-3">
          {fields.map((field) => (
            <Field
              key={field}
              label={t(isAdmin ? `bulk.${field}` : 'bulk.sellingPrice')}
              hint={t('bulk.amountHint')}
              error={errorOf(field)}
              className="w-full sm:w-56"
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  dir="ltr"
                  placeholder="+0.00"
                  {...register(field, { setValueAs: parseUsdInput })}
                />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap items-center gap-3 sm:mt-6.5">
            <Button type="submit" loading={bulkUpdate.isPending} disabled={selected.size === 0}>
              {t('bulk.apply', { count: selected.size })}
            </Button>
            {selected.size > 0 && (
              <Button variant="ghost" onClick={onClearSelection}>
                {t('bulk.clear')}
              </Button>
            )}
          </div>
        </div>
        <ConfirmDialog
          open={pending !== null}
          onCancel={() => setPending(null)}
          onConfirm={apply}
          title={t('bulk.confirmTitle', { count: pending?.products.length ?? 0 })}
          description={t('bulk.confirmDescription')}
          confirmLabel={t('bulk.confirm')}
          confirmVariant="primary"
          // No price may fall below zero: the preview names the products, and nothing is sent.
          confirmDisabled={
            pending !== null &&
            productsBelowZero(pending.change, pending.products, isAdmin).length > 0
          }
          pending={bulkUpdate.isPending}
        >
          {pending && (
            <ChangePreview change={pending.change} products={pending.products} isAdmin={isAdmin} />
          )}
        </ConfirmDialog>
        {bulkUpdate.isError && (
          <div className="flex flex-col gap-2">
            <Alert title={tCore('messages.failedToUpdatePrices')}>
              {describeApiError(bulkUpdate.error, tCore)}
            </Alert>
            {refused.length > 0 && (
              <ul aria-label={t('bulk.refusedRows')} className="flex flex-col gap-1 text-sm">
                {refused.slice(0, LISTED_REFUSALS).map((row) => (
                  <li key={row.productId} className="text-danger">
                    <bdi className="font-medium">{row.name}</bdi>: {row.problem}
                  </li>
                ))}
                {refused.length > LISTED_REFUSALS && (
                  <li className="text-muted">
                    {t('bulk.moreRefused', { count: refused.length - LISTED_REFUSALS })}
                  </li>
                )}
              </ul>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
