import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  approveTopupSchema,
  rejectTopupSchema,
  TOPUP_REASON_MAX,
  type Topup,
} from '@keymarket/contracts/topups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useDecideTopup } from '../api/decide-topup';
import { formatInCurrency } from './method-text';

type DialogProps = { topup: Topup; onClose: () => void };

/** Approve, with the credit the funder may change (saying why). */
export function ApproveDialog({ topup, onClose }: DialogProps) {
  const { t, i18n } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const decide = useDecideTopup();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(approveTopupSchema, {
    defaultValues: { creditAmount: topup.creditAmount, note: '' },
  });
  const onSubmit = handleSubmit((body) =>
    decide.mutate(
      { id: topup.id, action: 'approve', body },
      {
        onSuccess: () => {
          toast.success(t('requests.approved'));
          onClose();
        },
        onError: (error) => void showServerErrors(error),
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('requests.approveTitle', { username: topup.requester.username })}
      description={t('requests.approveText', {
        amount: formatInCurrency(topup.amount, topup.currencyCode, i18n.language),
      })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('requests.creditAmount')}
          error={translateFieldError(errors.creditAmount, tCore)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('creditAmount', { valueAsNumber: true })}
              type="number"
              step="0.01"
              min="0.01"
              inputMode="decimal"
            />
          )}
        </Field>
        <Field
          label={t('requests.note')}
          hint={t('requests.noteHint')}
          error={translateFieldError(errors.note, tCore)}
        >
          {(control) => <Input {...control} {...register('note')} maxLength={TOPUP_REASON_MAX} />}
        </Field>
        {decide.isError && <Alert>{describeApiError(decide.error, tCore)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {tCore('common.cancel')}
          </Button>
          <Button type="submit" loading={decide.isPending}>
            {t('requests.approve')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Reject, with the reason the requester reads. */
export function RejectDialog({ topup, onClose }: DialogProps) {
  const { t } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const decide = useDecideTopup();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(rejectTopupSchema, { defaultValues: { reason: '' } });
  const onSubmit = handleSubmit((body) =>
    decide.mutate(
      { id: topup.id, action: 'reject', body },
      {
        onSuccess: () => {
          toast.success(t('requests.rejected'));
          onClose();
        },
        onError: (error) => void showServerErrors(error),
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('requests.rejectTitle', { username: topup.requester.username })}
      description={t('requests.rejectText')}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label={t('requests.reason')} error={translateFieldError(errors.reason, tCore)}>
          {(control) => <Input {...control} {...register('reason')} maxLength={TOPUP_REASON_MAX} />}
        </Field>
        {decide.isError && <Alert>{describeApiError(decide.error, tCore)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {tCore('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={decide.isPending}>
            {t('requests.reject')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
