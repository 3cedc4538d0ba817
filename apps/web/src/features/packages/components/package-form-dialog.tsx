import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { packageInputSchema } from '@keymarket/contracts/packages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { formatUsdInText } from '@/lib/usd-input';
import { useSavePackage, type PackageInput, type PackageView } from '../api/packages';
import {
  floorMessage,
  priceTextsOf,
  readPrices,
  refusedPriceFields,
  type PriceErrors,
  type PriceTexts,
} from './package-prices';
import { PriceInputs, ProductRowsHeader, productNameCell, productRowColumns } from './price-inputs';
import { ProductPicker, startingPrices } from './product-picker';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;

// The name and description rules are the same for both kinds of package; the products are rows
// of typed prices, read by readPrices.
const packageTextsSchema = packageInputSchema.pick({ name: true, description: true });

/** A product in the form: its prices as typed, and its floor when the form knows it. */
type DraftRow = {
  productId: string;
  productName: string;
  texts: PriceTexts;
  floorUsd?: number;
  errors: PriceErrors;
  gone?: boolean;
};

type PackageFormDialogProps = {
  kind: PackageKind;
  /** Open with `null` to create, with a package to edit; `undefined` closes. */
  editing: PackageView | null | undefined;
  onClose: () => void;
};

export function PackageFormDialog({ kind, editing, onClose }: PackageFormDialogProps) {
  const { t } = useTranslation('pricing');
  return (
    <Dialog
      open={editing !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t('packages.form.editTitle') : t('packages.form.createTitle')}
      description={t(`packages.form.description.${kind}`)}
      size="lg"
    >
      {editing !== undefined && (
        <PackageForm key={editing?.id ?? 'new'} kind={kind} editing={editing} onClose={onClose} />
      )}
    </Dialog>
  );
}

const floorOf = (kind: PackageKind, product: Product) =>
  kind === 'admin' ? product.initialPrice : product.price;

function PackageForm({
  kind,
  editing,
  onClose,
}: {
  kind: PackageKind;
  editing: PackageView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const save = useSavePackage(kind);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(packageTextsSchema, {
    defaultValues: { name: editing?.name ?? '', description: editing?.description ?? '' },
  });
  const nameError =
    errors.name?.type === 'too_small'
      ? t('packages.form.nameRequired')
      : translateFieldError(errors.name, tCore);
  const [rows, setRows] = useState<DraftRow[]>(
    (editing?.products ?? []).map((product) => ({
      productId: product.productId,
      productName: product.productName,
      texts: priceTextsOf(product),
      errors: {},
    })),
  );

  function updateRow(productId: string, change: Partial<DraftRow>) {
    setRows((current) =>
      current.map((row) => (row.productId === productId ? { ...row, ...change } : row)),
    );
  }

  function addProduct(product: Product) {
    setRows((current) => [
      ...current,
      {
        productId: product.id,
        productName: product.name,
        texts: priceTextsOf(startingPrices(kind, product)),
        floorUsd: floorOf(kind, product),
        errors: {},
      },
    ]);
  }

  /** Marks the rows a refusal names; true when it named any. */
  function showRefusal(error: unknown): boolean {
    const refused = refusedPriceFields(error);
    setRows((current) =>
      current.map((row, index) => {
        const own = refused.filter((item) => item.index === index);
        if (own.length === 0) return { ...row, errors: {}, gone: false };
        const errors: PriceErrors = {};
        for (const item of own) {
          if (item.field !== 'productId') errors[item.field] = floorMessage(kind, t, tCore);
        }
        return { ...row, errors, gone: own.some((item) => item.field === 'productId') };
      }),
    );
    return refused.length > 0;
  }

  /** The rows' prices, or null after marking the rows that are wrong. */
  function checkedProducts(): PackageInput['products'] | null {
    let valid = true;
    const products: PackageInput['products'] = [];
    const checked = rows.map((row) => {
      const read = readPrices(kind, row.texts, row.floorUsd, t, tCore);
      if ('errors' in read) {
        valid = false;
        return { ...row, errors: read.errors };
      }
      products.push({ productId: row.productId, ...read.prices });
      return { ...row, errors: {} };
    });
    setRows(checked);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set false inside the map callback above
    return valid ? products : null;
  }

  const submit = handleSubmit(
    (texts) => {
      const products = checkedProducts();
      if (!products) return;
      save.mutate(
        { id: editing?.id, input: { ...texts, products } },
        {
          onSuccess: (saved) => {
            toast.success(t(editing ? 'packages.form.updated' : 'packages.form.created', saved));
            onClose();
          },
          onError: showRefusal,
        },
      );
    },
    // A missing name and wrong prices are said together.
    () => checkedProducts(),
  );

  const headingId = useId();
  const columns = productRowColumns(kind);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="-mx-6 mt-5 flex max-h-[calc(100dvh-12rem)] flex-col gap-4 overflow-y-auto px-6"
    >
      <Field label={t('packages.form.name')} error={nameError}>
        {(control) => <Input {...control} {...register('name')} maxLength={NAME_MAX} />}
      </Field>
      <Field
        label={t('packages.form.descriptionLabel')}
        error={translateFieldError(errors.description, tCore)}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            {...register('description')}
            maxLength={DESCRIPTION_MAX}
          />
        )}
      </Field>

      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={headingId} className="text-sm font-semibold text-fg">
            {t('packages.form.products', { count: rows.length })}
          </h3>
          <p className="text-xs text-muted">{t('usdOnly')}</p>
        </div>
        {rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted">
            {t('packages.form.noProducts')}
          </p>
        ) : (
          <div className="rounded-lg border border-border">
            <ProductRowsHeader kind={kind} />
            <ul className="max-h-64 divide-y divide-border overflow-y-auto">
              {rows.map((row) => (
                <li key={row.productId} className={`grid ${columns} items-start gap-2 px-3 py-2`}>
                  <div className={`flex flex-col ${productNameCell}`}>
                    <span className="truncate text-sm text-fg" title={row.productName}>
                      {row.productName}
                    </span>
                    {row.gone ? (
                      <span className="text-xs font-medium text-danger">
                        {t('refusal.productGone')}
                      </span>
                    ) : (
                      row.floorUsd !== undefined && (
                        <span className="text-xs text-muted">
                          {t(`packages.floor.${kind}`, { price: formatUsdInText(row.floorUsd) })}
                        </span>
                      )
                    )}
                  </div>
                  <PriceInputs
                    kind={kind}
                    productName={row.productName}
                    errors={row.errors}
                    inputOf={(field) => ({
                      value: row.texts[field],
                      onChange: (event) =>
                        updateRow(row.productId, {
                          texts: { ...row.texts, [field]: event.target.value },
                        }),
                    })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() =>
                      setRows((current) => current.filter((r) => r.productId !== row.productId))
                    }
                    aria-label={t('packages.form.remove', { name: row.productName })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <ProductPicker
          kind={kind}
          chosen={new Set(rows.map((row) => row.productId))}
          onAdd={addProduct}
        />
      </section>

      {save.isError && (
        <Alert title={t('packages.form.failed')}>{describeApiError(save.error, tCore)}</Alert>
      )}
      <div className="sticky bottom-0 -mx-6 flex justify-end gap-2 border-t border-border bg-surface px-6 pt-4">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('packages.form.save')}
        </Button>
      </div>
    </form>
  );
}
