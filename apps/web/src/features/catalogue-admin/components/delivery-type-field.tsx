import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deliveryTypes } from '@keymarket/contracts/catalogue';

/** The product's delivery type, one radio card per type with its hint. */
export function DeliveryTypeField({
  register,
}: {
  register: (name: 'deliveryType') => UseFormRegisterReturn<'deliveryType'>;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('fields.deliveryType')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {deliveryTypes.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border bg-surface-2 p-3 text-sm has-checked:border-primary"
          >
            <input
              type="radio"
              value={type}
              {...register('deliveryType')}
              className="mt-0.5 size-4 accent-(--color-primary)"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium text-fg">{t(`delivery.${type}`)}</span>
              <span className="text-xs text-muted">{t(`delivery.${type}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
