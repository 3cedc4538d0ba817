import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TOPUP_INSTRUCTIONS_MAX,
  TOPUP_NAME_MAX,
  topupMethodInputSchema,
  topupMethodKinds,
  type TopupMethod,
  type TopupMethodInput,
} from '@keymarket/contracts/topups';
import type { Role } from '@keymarket/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SwitchField } from '@/components/ui/switch-field';
import { useCurrencies } from '@/entities/currencies/api/get-currencies';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useSaveMethod } from '../api/save-method';

const languages = ['En', 'Fr', 'Ar'] as const;

const blank: TopupMethodInput = {
  nameEn: '',
  nameFr: '',
  nameAr: '',
  instructionsEn: '',
  instructionsFr: '',
  instructionsAr: '',
  kind: 'manual',
  currencyCode: 'USD',
  minAmount: 1,
  maxAmount: 1000,
  feePercent: 0,
  feeFixed: 0,
  proofRequired: false,
  enabled: true,
};

/** Adds or edits a method: names and instructions in every language, limits and fee. */
export function MethodFormDialog({
  role,
  method,
  onClose,
}: {
  role: Role;
  method: TopupMethod | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const currencies = useCurrencies();
  const save = useSaveMethod();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(topupMethodInputSchema, {
    defaultValues: method ? { ...method } : blank,
  });
  const issue = (key: keyof TopupMethodInput) => translateFieldError(errors[key], tCore);
  const number = { valueAsNumber: true } as const;

  const onSubmit = handleSubmit((input) => {
    const { kind: _kind, ...patch } = input;
    save.mutate(method ? { id: method.id, patch } : { create: input }, {
      onSuccess: () => {
        toast.success(t('methods.saved'));
        onClose();
      },
      onError: (error) => void showServerErrors(error),
    });
  });

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={method ? t('methods.editTitle') : t('methods.createTitle')}
      description={t('methods.formText')}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-3">
          {languages.map((language) => (
            <Field
              key={language}
              label={t(`methods.name${language}`)}
              error={issue(`name${language}`)}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(`name${language}`)}
                  maxLength={TOPUP_NAME_MAX}
                  dir={language === 'Ar' ? 'rtl' : 'ltr'}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          {languages.map((language) => (
            <Field
              key={language}
              label={t(`methods.instructions${language}`)}
              error={issue(`instructions${language}`)}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...register(`instructions${language}`)}
                  maxLength={TOPUP_INSTRUCTIONS_MAX}
                  rows={3}
                  dir={language === 'Ar' ? 'rtl' : 'ltr'}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <Field label={t('methods.kind')} error={issue('kind')}>
            {(control) => (
              <Select {...control} {...register('kind')} disabled={Boolean(method)}>
                {topupMethodKinds
                  .filter((kind) => kind === 'manual' || role === 'admin')
                  .map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`methods.kinds.${kind}`)}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
          <Field label={t('methods.currency')} error={issue('currencyCode')}>
            {(control) => (
              <Select {...control} {...register('currencyCode')}>
                {(currencies.data?.currencies ?? [{ code: 'USD' }]).map((currency) => (
                  <option key={currency.code} value={currency.code}>
                    {currency.code}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('methods.minAmount')} error={issue('minAmount')}>
            {(control) => (
              <Input {...control} {...register('minAmount', number)} type="number" step="0.01" />
            )}
          </Field>
          <Field label={t('methods.maxAmount')} error={issue('maxAmount')}>
            {(control) => (
              <Input {...control} {...register('maxAmount', number)} type="number" step="0.01" />
            )}
          </Field>
          <Field label={t('methods.feePercent')} error={issue('feePercent')}>
            {(control) => (
              <Input {...control} {...register('feePercent', number)} type="number" step="0.01" />
            )}
          </Field>
          <Field label={t('methods.feeFixed')} error={issue('feeFixed')}>
            {(control) => (
              <Input {...control} {...register('feeFixed', number)} type="number" step="0.01" />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-6">
          <SwitchField label={t('methods.proofRequired')} {...register('proofRequired')} />
          <SwitchField label={t('methods.enabled')} {...register('enabled')} />
        </div>
        {save.isError && <Alert>{describeApiError(save.error, tCore)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {tCore('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('methods.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
