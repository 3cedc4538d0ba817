import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@keymarket/contracts/catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { describeApiError } from '@/lib/translate-error';
import { useSearchTerm } from '@/lib/use-debounced';
import { formatUsd } from '@/lib/usd-input';
import { useProductChoices } from '../api/product-choices';

/** What a product costs the caller and what it charges, as the starting prices in a package. */
export function startingPrices(kind: PackageKind, product: Product) {
  return kind === 'admin'
    ? { managerPrice: product.managerPrice, resellerPrice: product.resellerPrice }
    : { resellerPrice: product.sellingPrice };
}

/** A search over the catalogue with an "Add" button on each product not in the package yet. */
export function ProductPicker({
  kind,
  chosen,
  onAdd,
}: {
  kind: PackageKind;
  chosen: ReadonlySet<string>;
  onAdd: (product: Product) => void;
}) {
  const { t } = useTranslation('pricing');
  const { t: tCore } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const choices = useProductChoices(search);

  return (
    <div className="flex flex-col gap-2 rounded-lg bg-surface-2/50 p-3">
      <SearchInput
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t('packages.form.searchPlaceholder')}
        aria-label={t('packages.form.search')}
      />
      {choices.isPending && <Spinner className="mx-auto size-5" />}
      {choices.isError && <Alert>{describeApiError(choices.error, tCore)}</Alert>}
      {choices.isSuccess && choices.data.data.length === 0 && (
        <p className="text-center text-sm text-muted">{tCore('messages.noResultsFound')}</p>
      )}
      {choices.isSuccess && choices.data.data.length > 0 && (
        <ul aria-label={t('packages.form.choices')} className="flex flex-col gap-1">
          {choices.data.data.map((product) => {
            const prices = startingPrices(kind, product);
            return (
              <li key={product.id} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate" title={product.name}>
                  {product.name}
                </span>
                <bdi dir="ltr" className="shrink-0 text-xs text-muted tabular-nums">
                  {[prices.managerPrice, prices.resellerPrice]
                    .filter((price) => price !== undefined)
                    .map(formatUsd)
                    .join(' / ')}
                </bdi>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={chosen.has(product.id)}
                  onClick={() => onAdd(product)}
                  aria-label={t(
                    chosen.has(product.id) ? 'packages.form.alreadyAdded' : 'packages.form.add',
                    { name: product.name },
                  )}
                >
                  {chosen.has(product.id) ? (
                    <>
                      <Check aria-hidden className="size-4" />
                      {t('packages.form.added')}
                    </>
                  ) : (
                    <>
                      <Plus aria-hidden className="size-4" />
                      {t('packages.form.addShort')}
                    </>
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
