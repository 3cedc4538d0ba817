import { CircleAlert } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import type { PackageKind } from '@/entities/packages/api/assign-package';
import { priceFieldsOf, type PriceErrors, type PriceField } from './package-prices';

type PriceInputsProps = {
  kind: PackageKind;
  productName: string;
  errors: PriceErrors;
  /** What ties a field's input to its form: a form's `register(field)`, or a value and onChange. */
  inputOf: (field: PriceField) => ComponentProps<typeof Input>;
};

/**
 * One product's package prices as compact inputs in a row of a list. The column headers say
 * which price is which to sighted readers; each input's own label says it to everyone else.
 */
export function PriceInputs({ kind, productName, errors, inputOf }: PriceInputsProps) {
  const { t } = useTranslation('pricing');
  const id = useId();
  return (
    <>
      {priceFieldsOf(kind).map((field) => {
        const errorId = `${id}-${field}-error`;
        return (
          <div key={field} className="flex flex-col gap-1">
            <Input
              aria-label={t(`packages.priceOf.${field}`, { name: productName })}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={errors[field] ? errorId : undefined}
              inputMode="decimal"
              dir="ltr"
              {...inputOf(field)}
              className="h-9"
            />
            {errors[field] && (
              <p id={errorId} className="flex items-start gap-1 text-xs font-medium text-danger">
                <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
                {errors[field]}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

/**
 * The grid of a product row: its name, one column per price, then a button. On a phone the name
 * takes a line of its own (`productNameCell`) and the prices share the next.
 */
export const productRowColumns = (kind: PackageKind) =>
  kind === 'admin'
    ? 'grid-cols-[1fr_1fr_2.25rem] sm:grid-cols-[1fr_6rem_6rem_2.25rem]'
    : 'grid-cols-[1fr_2.25rem] sm:grid-cols-[1fr_7rem_2.25rem]';

export const productNameCell = 'col-span-full min-w-0 sm:col-span-1 sm:pt-2';

/** The column titles above a list of product rows (the inputs carry their own labels). */
export function ProductRowsHeader({ kind }: { kind: PackageKind }) {
  const { t } = useTranslation('pricing');
  return (
    <div
      aria-hidden
      className={`grid ${productRowColumns(kind)} gap-2 border-b border-border bg-surface-2/60 px-3 py-2 text-xs font-medium text-muted`}
    >
      <span className="hidden sm:block">{t('table.product')}</span>
      {priceFieldsOf(kind).map((field) => (
        <span key={field}>{t(`packages.columns.${field}`)}</span>
      ))}
      <span />
    </div>
  );
}
