import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createTopupSchema,
  TOPUP_PROOF_TYPES,
  TOPUP_REFERENCE_MAX,
  topupQuote,
  type TopupMethod,
} from '@keymarket/contracts/topups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatUsdAmount } from '@/lib/format-price';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateTopup } from '../api/create-topup';
import { formatInCurrency, methodText } from './method-text';
import { UploadProgressBar } from './upload-progress-bar';

const AMOUNT_TEXT = /^\d+(?:[.,]\d{0,2})?$/;

/** A request to the reader's funder: method, amount in its currency, reference, proof. */
export function NewTopupForm({ methods }: { methods: TopupMethod[] }) {
  const { t, i18n } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const create = useCreateTopup();
  const [proof, setProof] = useState<File | undefined>();
  const [pickerKey, setPickerKey] = useState(0);
  const [sentFraction, setSentFraction] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    showServerErrors,
    setError,
    formState: { errors },
  } = useContractForm(createTopupSchema, {
    defaultValues: { methodId: methods[0]?.id ?? '', amount: '', reference: '' },
  });
  const method = methods.find((m) => m.id === watch('methodId'));
  // The USD credited, as the server will compute it, shown as the amount is typed.
  const typed = String(watch('amount')).trim();
  const quote =
    method?.rateToUSD && AMOUNT_TEXT.test(typed)
      ? topupQuote(Number(typed.replace(',', '.')), method, method.rateToUSD)
      : undefined;

  const onSubmit = handleSubmit((fields) => {
    if (method?.proofRequired && !proof) {
      setError('root', { message: t('topup.proofNeeded') });
      return;
    }
    setSentFraction(0);
    create.mutate(
      { fields, proof, onProgress: setSentFraction },
      {
        onSuccess: (topup) => {
          // A card request is paid on Stripe's page, which sends the payer back here.
          if (topup.checkoutUrl) {
            window.location.assign(topup.checkoutUrl);
            return;
          }
          setSentFraction(null);
          setProof(undefined);
          setPickerKey((key) => key + 1);
          reset({ methodId: fields.methodId, amount: '', reference: '' });
          toast.success(t('topup.sent'));
        },
        onError: (error) => {
          setSentFraction(null);
          if (showServerErrors(error)) return;
          toast.error(t('topup.failed'), { description: describeApiError(error, tCore) });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid items-start gap-4 md:grid-cols-2">
        <Field label={t('topup.method')} error={translateFieldError(errors.methodId, tCore)}>
          {(control) => (
            <Select {...control} {...register('methodId')}>
              {methods.map((m) => (
                <option key={m.id} value={m.id}>
                  {methodText(m, i18n.language).name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('topup.amount', { currency: method?.currencyCode ?? '' })}
          hint={
            quote
              ? t('topup.creditAfterFee', {
                  fee: formatInCurrency(quote.fee, method!.currencyCode, i18n.language),
                  amount: formatUsdAmount(quote.creditAmount, i18n.language),
                })
              : t('topup.amountHint')
          }
          error={translateFieldError(errors.amount, tCore)}
        >
          {(control) => (
            <Input {...control} {...register('amount')} inputMode="decimal" autoComplete="off" />
          )}
        </Field>
        <Field
          label={t('topup.reference')}
          hint={t('topup.referenceHint')}
          error={translateFieldError(errors.reference, tCore)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('reference')}
              maxLength={TOPUP_REFERENCE_MAX}
              autoComplete="off"
            />
          )}
        </Field>
        {method?.kind !== 'stripe' && (
          <Field
            label={method?.proofRequired ? `${t('topup.proof')} *` : t('topup.proof')}
            hint={t('topup.proofHint')}
            error={errors.root?.message}
          >
            {(control) => (
              <FilePicker
                {...control}
                key={pickerKey}
                accept={TOPUP_PROOF_TYPES.join(',')}
                onChoose={setProof}
                variant="secondary"
                chooseLabel={t('topup.proofChoose')}
                noFileLabel={t('topup.proofNone')}
                icon={<Paperclip aria-hidden className="size-4" />}
              />
            )}
          </Field>
        )}
      </div>
      {quote && (
        <p className="text-sm font-medium text-fg" aria-live="polite">
          {t('topup.credit', { amount: formatUsdAmount(quote.creditAmount, i18n.language) })}
        </p>
      )}
      {sentFraction !== null && <UploadProgressBar sentFraction={sentFraction} />}
      {create.isError && !errors.root && <Alert>{describeApiError(create.error, tCore)}</Alert>}
      <div>
        <Button type="submit" loading={create.isPending}>
          {t('topup.submit')}
        </Button>
      </div>
    </form>
  );
}
