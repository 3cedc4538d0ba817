import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type BulkPriceMode,
  bulkPriceChangeSchema,
  bulkPriceModes,
  type BulkPriceTarget,
  type Category,
  type Product,
} from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { localisedName } from '@/lib/localised-name';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { parseUsdInput } from '@/lib/usd-input';
import { useBulkUpdatePrices } from '../api/bulk-update-prices';
import { priceListQueryOptions } from '../api/get-price-list';
import { ChangePreview } from './change-preview';
import { type AmountField, type Change, type Refusal, refusalsOf } from './price-change';
import { describeRefusedRow, refusedRowsOf } from './refused-rows';

// The alert names this many refused products; the table marks every one of them.
const LISTED_REFUSALS = 5;

type TargetKind = BulkPriceTarget['kind'];

type BulkUpdateFormProps = {
  isAdmin: boolean;
  selected: ReadonlyMap<string, Product>;
  /** The category the list is filtered by, which the change may apply to as a whole. */
  category: Category | undefined;
  onClearSelection: () => void;
  /** Translated problems by product id after a refusal; an empty map clears them. */
  onRefusals: (refusals: Map<string, string>) => void;
};

type Pending = {
  change: Change;
  target: BulkPriceTarget;
  products: Product[];
  refusals: Refusal[];
};

/**
 * Raises or lowers prices (an admin's manager and reseller prices, a seller's own selling price)
 * by a signed USD amount or a percentage, for the selected products, the filtered category or
 * every product. The preview refuses what the server would; the server applies all or none.
 */
export function BulkUpdateForm({
  isAdmin,
  selected,
  category,
  onClearSelection,
  onRefusals,
}: BulkUpdateFormProps) {
  const { t, i18n } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const queryClient = useQueryClient();
  const bulkUpdate = useBulkUpdatePrices();
  const fields: AmountField[] = isAdmin ? ['managerPrice', 'resellerPrice'] : ['resellerPrice'];
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useContractForm(bulkPriceChangeSchema, { defaultValues: { mode: 'amount' } });
  const mode = watch('mode');
  const [chosenTarget, setChosenTarget] = useState<TargetKind>('products');
  // The category choice lasts as long as the list is filtered by one.
  const targetKind: TargetKind =
    chosenTarget === 'category' && !category ? 'products' : chosenTarget;
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
    (field === fields[0] && changesNothing ? t(`bulk.${mode}.required`) : undefined);

  // A bulk change touches many prices at once: what it will do is shown, and confirmed, first.
  const [pending, setPending] = useState<Pending | null>(null);
  const [loadingTarget, setLoadingTarget] = useState(false);

  function targetOf(kind: TargetKind): BulkPriceTarget {
    if (kind === 'category' && category) return { kind, categoryId: category.id };
    if (kind === 'all') return { kind };
    return { kind: 'products', productIds: [...selected.keys()] };
  }

  /** The products the change applies to as the list shows them now, for the preview. */
  async function productsOf(target: BulkPriceTarget): Promise<Product[]> {
    if (target.kind === 'products') return [...selected.values()];
    const filters = { categoryId: target.kind === 'category' ? target.categoryId : undefined };
    return (await queryClient.fetchQuery(priceListQueryOptions(filters))).data;
  }

  const submit = handleSubmit(async (values) => {
    // A field left blank or at 0 changes nothing, and is left out of the request.
    const change: Change = { mode: values.mode };
    for (const field of fields) if (values[field]) change[field] = values[field];
    const target = targetOf(targetKind);
    setLoadingTarget(true);
    try {
      const products = await productsOf(target);
      setPending({ change, target, products, refusals: refusalsOf(change, products, isAdmin) });
    } catch (error) {
      toast.error(describeApiError(error, tCore));
    } finally {
      setLoadingTarget(false);
    }
  });

  function apply() {
    if (!pending || pending.refusals.length > 0) return;
    const { change, target, products } = pending;
    const { mode: changeMode, ...amounts } = change;
    bulkUpdate.mutate(
      { mode: changeMode, change: amounts, target },
      {
        onSettled: () => setPending(null),
        onSuccess: ({ updated }) => {
          toast.success(
            t(target.kind === 'products' ? 'bulk.success' : 'bulk.successAll', { count: updated }),
          );
          reset({ mode: changeMode });
          setRefused([]);
          onRefusals(new Map());
          onClearSelection();
        },
        onError: (error) => {
          const byId = new Map(products.map((product) => [product.id, product]));
          const sentIds = target.kind === 'products' ? target.productIds : [];
          const described = refusedRowsOf(error, sentIds).map((row) => {
            const product = byId.get(row.productId);
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

  const applyLabel =
    targetKind === 'products'
      ? t('bulk.apply', { count: selected.size })
      : t(targetKind === 'category' ? 'bulk.applyCategory' : 'bulk.applyAll');
  const confirmDescription = [
    t(`bulk.${pending?.change.mode ?? mode}.confirmDescription`),
    pending && pending.target.kind !== 'products' ? t('bulk.oneOff') : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Card title={t('bulk.title')} description={t('bulk.description')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex w-full flex-col gap-1.5 sm:w-auto">
            <span className="text-sm font-medium text-fg" aria-hidden>
              {t('bulk.mode')}
            </span>
            <SegmentedControl<BulkPriceMode>
              label={t('bulk.mode')}
              value={mode}
              options={bulkPriceModes}
              optionLabel={(option) => t(`bulk.${option}.name`)}
              // The same figure means another thing in the other unit: the fields start again.
              onChange={(next) => reset({ mode: next })}
            />
          </div>
          <Field label={t('bulk.target')} className="w-full sm:w-80">
            {(control) => (
              <Select
                {...control}
                value={targetKind}
                onChange={(event) => setChosenTarget(event.target.value as TargetKind)}
              >
                <option value="products">
                  {t('bulk.targets.products', { count: selected.size })}
                </option>
                {category && (
                  <option value="category">
                    {t('bulk.targets.category', {
                      category: localisedName(category, i18n.language),
                    })}
                  </option>
                )}
                <option value="all">{t('bulk.targets.all')}</option>
              </Select>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {fields.map((field) => (
            <Field
              key={`${mode}-${field}`}
              label={t(`bulk.${mode}.${isAdmin ? field : 'sellingPrice'}`)}
              hint={t(`bulk.${mode}.hint`)}
              error={errorOf(field)}
              className="w-full sm:w-56"
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  dir="ltr"
                  placeholder={mode === 'percent' ? '+0' : '+0.00'}
                  // A percentage is typed as an amount is: a sign, digits, 2 decimals at most.
                  {...register(field, { setValueAs: parseUsdInput })}
                />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap items-center gap-3 sm:mt-6.5">
            <Button
              type="submit"
              loading={loadingTarget || bulkUpdate.isPending}
              disabled={targetKind === 'products' && selected.size === 0}
            >
              {applyLabel}
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
          description={confirmDescription}
          confirmLabel={t('bulk.confirm')}
          confirmVariant="primary"
          // No price may fall below its floor: the preview names the products, and nothing is sent.
          confirmDisabled={pending !== null && pending.refusals.length > 0}
          pending={bulkUpdate.isPending}
        >
          {pending && (
            <ChangePreview
              change={pending.change}
              products={pending.products}
              refusals={pending.refusals}
              isAdmin={isAdmin}
            />
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
