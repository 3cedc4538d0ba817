import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * A supplier's low-balance alert in USD: admins are told when our balance there falls below it.
 * Empty is no alert (register it with `setValueAs: numberOrNull`).
 */
export function LowBalanceAlertField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error: string | undefined;
}) {
  const { t } = useTranslation('suppliers');
  return (
    <Field label={t('lowBalanceAlert')} hint={t('lowBalanceAlertHint')} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
        />
      )}
    </Field>
  );
}
