import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REJECTION_REASON_MAX, respondOrderSchema, type Order } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { controlClassName } from '@/components/ui/input';
import { fieldErrorsOf } from '@/lib/schema-errors';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useRespondOrder } from '../api/respond-order';

type RejectOrderDialogProps = {
  order: Order | null;
  /** `cancel`: the buyer withdrawing its own pending order; the same call, other words. */
  mode: 'reject' | 'cancel';
  onClose: () => void;
};

export function RejectOrderDialog({ order, mode, onClose }: RejectOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`orders.${mode}.title`)}
      description={order ? t(`orders.${mode}.description`, { name: order.productName }) : ''}
    >
      {order && <RejectForm order={order} mode={mode} onClose={onClose} />}
    </Dialog>
  );
}

function RejectForm({
  order,
  mode,
  onClose,
}: {
  order: Order;
  mode: 'reject' | 'cancel';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const respond = useRespondOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = respondOrderSchema.safeParse({ status: 'rejected', reason });
    if (!parsed.success) {
      setError(translateFieldError(fieldErrorsOf<'reason'>(parsed.error).reason, t));
      return;
    }
    setError(undefined);
    respond.mutate(
      { orderId: order.id, response: parsed.data },
      {
        onSuccess: () => {
          toast.success(t(`orders.${mode}.success`));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field label={t('orders.reject.reason')} error={error}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={`${controlClassName} h-auto py-2`}
          />
        )}
      </Field>
      {respond.isError && (
        <Alert title={t('messages.failedToRejectOrder')}>
          {describeApiError(respond.error, t)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={respond.isPending}>
          {t(`orders.${mode}.submit`)}
        </Button>
      </div>
    </form>
  );
}
