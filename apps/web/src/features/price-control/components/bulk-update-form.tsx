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
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { parseUsdInput } from '@/lib/usd-input';
import { useBulkUpdatePrices } from '../api/bulk-update-prices';
import { type AmountField, type Change, ChangePreview, productsBelowZero } from './change-preview';
import { describeRefusedRow, refusedRowsOf } from './refused-rows';

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
