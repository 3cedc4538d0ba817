import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  approveTopupSchema,
  confirmTopupPaymentSchema,
  rejectTopupSchema,
  TOPUP_REASON_MAX,
  TOPUP_REFERENCE_MAX,
  type Topup,
} from '@keymarket/contracts/topups';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useConfirmTopupPayment } from '../api/confirm-payment';
import { useDecideTopup } from '../api/decide-topup';
import { formatInCurrency } from './method-text';

type DialogProps = { topup: Topup; onClose: () => void };

/** What every dialog here does once its call settles: a toast and close, or the field errors. */
function settled(done: string, onClose: () => void, showServerErrors: (error: unknown) => boolean) {
  return {
    onSuccess: () => {
      toast.success(done);
      onClose();
    },
    onError: (error: unknown) => void showServerErrors(error),
  };
}

/** Cancel, and the dialog's own submit button. */
function DialogButtons({
  onClose,
  pending,
  submit,
  variant,
}: {
  onClose: () => void;
  pending: boolean;
  submit: string;
  variant?: 'danger';
}) {
  const { t: tCore } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onClose}>
        {tCore('common.cancel')}
      </Button>
      <Button type="submit" variant={variant} loading={pending}>
        {submit}
      </Button>
    </div>
  );
}

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
      settled(t('requests.approved'), onClose, showServerErrors),
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
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
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
        <DialogButtons
          onClose={onClose}
          pending={decide.isPending}
          submit={t('requests.approve')}
        />
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
      settled(t('requests.rejected'), onClose, showServerErrors),
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('requests.rejectTitle', { username: topup.requester.username })}
      description={t('requests.rejectText')}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
        <Field label={t('requests.reason')} error={translateFieldError(errors.reason, tCore)}>
          {(control) => <Input {...control} {...register('reason')} maxLength={TOPUP_REASON_MAX} />}
        </Field>
        {decide.isError && <Alert>{describeApiError(decide.error, tCore)}</Alert>}
        <DialogButtons
          onClose={onClose}
          pending={decide.isPending}
          submit={t('requests.reject')}
          variant="danger"
        />
      </form>
    </Dialog>
  );
}

/**
 * An administrator confirms a card payment that Stripe shows paid but no callback or check
 * confirmed, by the payment's reference: the amount asked is credited once, and audited.
 */
export function ConfirmPaymentDialog({ topup, onClose }: DialogProps) {
  const { t, i18n } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const confirm = useConfirmTopupPayment();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(confirmTopupPaymentSchema, { defaultValues: { providerRef: '' } });
  const onSubmit = handleSubmit(({ providerRef }) =>
    confirm.mutate(
      { id: topup.id, providerRef },
      settled(t('requests.paymentConfirmed'), onClose, showServerErrors),
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('requests.confirmTitle', { username: topup.requester.username })}
      description={t('requests.confirmText', {
        amount: formatInCurrency(topup.amount, topup.currencyCode, i18n.language),
      })}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
        <p className="text-sm text-muted">
          {t('requests.confirmFind')}{' '}
          <bdi dir="ltr" className="font-mono text-xs break-all text-fg">
            {topup.id}
          </bdi>
        </p>
        <Field
          label={t('requests.providerRef')}
          hint={t('requests.providerRefHint')}
          error={translateFieldError(errors.providerRef, tCore)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('providerRef')}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              maxLength={TOPUP_REFERENCE_MAX}
            />
          )}
        </Field>
        {confirm.isError && <Alert>{describeApiError(confirm.error, tCore)}</Alert>}
        <DialogButtons
          onClose={onClose}
          pending={confirm.isPending}
          submit={t('requests.confirmPayment')}
        />
      </form>
    </Dialog>
  );
}
