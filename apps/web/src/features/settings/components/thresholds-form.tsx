import { toast } from 'sonner';
import { updateThresholdsSchema } from '@keymarket/contracts/balance';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useThresholds } from '@/entities/thresholds/api/get-thresholds';
import { formatUsdInText } from '@/lib/usd-input';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useUpdateThresholds } from '../api/update-thresholds';
import { useSettingsText } from './use-settings-text';

function ThresholdsFields({ minProfitToConvert }: { minProfitToConvert: number }) {
  const { t, tCore, issue } = useSettingsText();
  const update = useUpdateThresholds();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(updateThresholdsSchema, { defaultValues: { minProfitToConvert } });

  const onSubmit = handleSubmit((thresholds) => {
    update.mutate(thresholds, {
      onSuccess: (saved) => {
        reset(saved);
        toast.success(t('thresholds.saved'));
      },
      onError: showServerErrors,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('thresholds.minProfitToConvert')}
        // In USD like the field itself, whatever currency the navbar displays prices in.
        hint={t('thresholds.minProfitToConvertHint', {
          amount: formatUsdInText(minProfitToConvert),
        })}
        error={issue(errors.minProfitToConvert)}
        className="max-w-sm"
      >
        {(control) => (
          <Input
            {...control}
            {...register('minProfitToConvert', { valueAsNumber: true })}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            dir="ltr"
          />
        )}
      </Field>
      {update.isError && !errors.minProfitToConvert && (
        <Alert>{describeApiError(update.error, tCore)}</Alert>
      )}
      <Button type="submit" loading={update.isPending} className="w-fit">
        {t('common.save')}
      </Button>
    </form>
  );
}

export function ThresholdsForm() {
  const { t, tCore } = useSettingsText();
  const thresholds = useThresholds();
  return (
    <Card title={t('thresholds.title')} description={t('thresholds.description')}>
      {thresholds.isPending ? (
        <Spinner className="size-8" />
      ) : thresholds.isError ? (
        <Alert>{describeApiError(thresholds.error, tCore)}</Alert>
      ) : (
        <ThresholdsFields minProfitToConvert={thresholds.data.minProfitToConvert} />
      )}
    </Card>
  );
}
