import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REJECTION_REASON_MAX, respondOrderSchema, type Order } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useRespondOrder } from '../api/respond-order';

// The rejection half of the contract's answer to a pending order.
const [, rejectionSchema] = respondOrderSchema.options;

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(rejectionSchema, { defaultValues: { status: 'rejected', reason: '' } });

  const submit = handleSubmit((response) => {
    respond.mutate(
      { orderId: order.id, response },
      {
        onSuccess: () => {
          toast.success(t(`orders.${mode}.success`));
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={t(`orders.${mode}.reason`)}
        // The contract's message speaks of a rejection; a buyer cancelling is asked why it cancels.
        error={
          mode === 'cancel' && errors.reason
            ? t('orders.cancel.reasonRequired')
            : translateFieldError(errors.reason, t)
        }
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            {...register('reason')}
            maxLength={REJECTION_REASON_MAX}
          />
        )}
      </Field>
      {respond.isError && (
        <Alert
          title={t(mode === 'cancel' ? 'orders.cancel.failed' : 'messages.failedToRejectOrder')}
        >
          {describeApiError(respond.error, t)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        {/* "Keep order" beside "Cancel order", not "Cancel" beside it: two cancels read as one. */}
        <Button variant="secondary" onClick={onClose}>
          {mode === 'cancel' ? t('orders.cancel.keep') : t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={respond.isPending}>
          {t(`orders.${mode}.submit`)}
        </Button>
      </div>
    </form>
  );
}
