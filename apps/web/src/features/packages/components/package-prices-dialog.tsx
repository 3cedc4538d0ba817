import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { managerPackagePriceSchema, packagePriceSchema } from '@keymarket/contracts/packages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { parseUsdInput } from '@/lib/usd-input';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { useSetPackageProductPrice, type PackageProduct, type PackageView } from '../api/packages';
import {
  floorMessage,
  priceFieldsOf,
  refusedPriceFields,
  type PriceErrors,
  type PriceField,
} from './package-prices';
import { PriceInputs, ProductRowsHeader, productNameCell, productRowColumns } from './price-inputs';

type PackagePricesDialogProps = {
  kind: PackageKind;
  pkg: PackageView | null;
  onClose: () => void;
};

/** A package's products, each with its own price form saved on its own (one PATCH per product). */
export function PackagePricesDialog({ kind, pkg, onClose }: PackagePricesDialogProps) {
  const { t } = useTranslation('pricing');
  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pkg ? t('packages.prices.title', { name: pkg.name }) : ''}
      description={t('packages.prices.description')}
      size="lg"
    >
      {pkg && (
        <div className="mt-5 flex flex-col gap-3">
          <p className="text-xs text-muted">{t('usdOnly')}</p>
          {pkg.products.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted">
              {t('packages.form.noProducts')}
            </p>
          ) : (
            <div className="rounded-lg border border-border">
              <ProductRowsHeader kind={kind} />
              <ul className="max-h-[min(24rem,calc(100dvh-16rem))] divide-y divide-border overflow-y-auto">
                {pkg.products.map((product) => (
                  <ProductPriceRow
                    key={product.productId}
                    kind={kind}
                    packageId={pkg.id}
                    product={product}
                  />
                ))}
              </ul>
            </div>
          )}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('packages.prices.done')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

// One form for either kind of package; a manager's holds no manager price.
type PriceFormSchema = z.ZodObject<{
  managerPrice: z.ZodType<number | undefined, number | undefined>;
  resellerPrice: z.ZodType<number, number>;
}>;
const priceSchemas: Record<PackageKind, PriceFormSchema> = {
  admin: packagePriceSchema,
  manager: managerPackagePriceSchema.extend({ managerPrice: z.undefined() }),
};

// The server refused a price as under the package's floor (the product's cost changed meanwhile).
const BELOW_FLOOR = 'price_below_cost';

function ProductPriceRow({
  kind,
  packageId,
  product,
}: {
  kind: PackageKind;
  packageId: string;
  product: PackageProduct;
}) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const setPrice = useSetPackageProductPrice(kind);
  // An admin package prices managers and resellers, a manager's package its resellers only.
  const { register, handleSubmit, getValues, setError, formState } = useContractForm(
    priceSchemas[kind],
    {
      defaultValues:
        kind === 'admin'
          ? { managerPrice: product.managerPrice, resellerPrice: product.resellerPrice }
          : { resellerPrice: product.resellerPrice },
    },
  );

  function messageOf(field: PriceField): string | undefined {
    const error = formState.errors[field];
    if (!error) return undefined;
    if (error.type === BELOW_FLOOR) return floorMessage(kind, t, tCore);
    // A blank price is missing, not "not a number" as the contract words it.
    if (getValues(field) === undefined) return t('edit.required');
    return translateFieldError(error, tCore);
  }
  const errors: PriceErrors = Object.fromEntries(
    priceFieldsOf(kind).flatMap((field) => {
      const message = messageOf(field);
      return message ? [[field, message]] : [];
    }),
  );

  const save = handleSubmit((prices) => {
    setPrice.mutate(
      { packageId, productId: product.productId, prices },
      {
        onSuccess: () => toast.success(t('packages.prices.saved', { name: product.productName })),
        onError: (error) => {
          for (const { field } of refusedPriceFields(error)) {
            if (field !== 'productId') setError(field, { type: BELOW_FLOOR });
          }
        },
      },
    );
  });

  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <form
        noValidate
        onSubmit={save}
        className={`grid ${productRowColumns(kind)} items-start gap-2`}
      >
        <span className={`truncate text-sm text-fg ${productNameCell}`} title={product.productName}>
          {product.productName}
        </span>
        <PriceInputs
          kind={kind}
          productName={product.productName}
          errors={errors}
          inputOf={(field) =>
            register(field, {
              // The saved prices arrive as numbers; what is typed, as text.
              setValueAs: (value: number | string) =>
                typeof value === 'number' ? value : parseUsdInput(value),
            })
          }
        />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          loading={setPrice.isPending}
          aria-label={t('packages.prices.save', { name: product.productName })}
        >
          {!setPrice.isPending && <Check aria-hidden className="size-4" />}
        </Button>
      </form>
      {setPrice.isError && Object.keys(errors).length === 0 && (
        <Alert>{describeApiError(setPrice.error, tCore)}</Alert>
      )}
    </li>
  );
}
