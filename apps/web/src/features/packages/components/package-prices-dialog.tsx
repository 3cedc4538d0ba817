import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError } from '@/lib/translate-error';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { useSetPackageProductPrice, type PackageProduct, type PackageView } from '../api/packages';
import {
  floorMessage,
  priceTextsOf,
  readPrices,
  refusedPriceFields,
  type PriceErrors,
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
  const [texts, setTexts] = useState(priceTextsOf(product));
  const [errors, setErrors] = useState<PriceErrors>({});

  function save() {
    const read = readPrices(kind, texts, undefined, t, tCore);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setPrice.mutate(
      { packageId, productId: product.productId, prices: read.prices },
      {
        onSuccess: () => toast.success(t('packages.prices.saved', { name: product.productName })),
        onError: (error) => {
          const refused: PriceErrors = {};
          for (const { field } of refusedPriceFields(error)) {
            if (field !== 'productId') refused[field] = floorMessage(kind, t, tCore);
          }
          setErrors(refused);
        },
      },
    );
  }

  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        className={`grid ${productRowColumns(kind)} items-start gap-2`}
      >
        <span className={`truncate text-sm text-fg ${productNameCell}`} title={product.productName}>
          {product.productName}
        </span>
        <PriceInputs
          kind={kind}
          productName={product.productName}
          texts={texts}
          errors={errors}
          onChange={setTexts}
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
