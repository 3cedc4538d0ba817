import { useTranslation } from 'react-i18next';
import { bulkRejectSchema } from '@keymarket/contracts/bulk-fulfilment';
import { REJECTION_REASON_MAX, type Order } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useBulkAnswer } from '../api/bulk-fulfilment';
import { BulkResults } from './bulk-results';

type RejectSelectedDialogProps = {
  orders: Order[];
  open: boolean;
  onClose: () => void;
  /** Called once the orders were answered (each rejected or refused), before the results close. */
  onDone: () => void;
};

/** Rejects the selected pending orders with one reason: each refunded and told on its own. */
export function RejectSelectedDialog({ orders, open, onClose, onDone }: RejectSelectedDialogProps) {
  const { t } = useTranslation('fulfilment');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('reject.title', { count: orders.length })}
      description={t('reject.description', { count: orders.length })}
      size="lg"
    >
      {open && <RejectSelected orders={orders} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function RejectSelected({ orders, onClose, onDone }: Omit<RejectSelectedDialogProps, 'open'>) {
  const { t } = useTranslation('fulfilment');
  const { t: tCore } = useTranslation();
  const answer = useBulkAnswer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(bulkRejectSchema, {
    defaultValues: { orderIds: orders.map((order) => order.id), reason: '' },
  });
  const byId = new Map(orders.map((order) => [order.id, order]));

  if (answer.data) {
    return (
      <>
        <BulkResults
          outcomes={answer.data.orders}
          factsOf={(id) => {
            const order = byId.get(id);
            return order && { name: order.productName, quantity: order.quantity };
          }}
        />
        <div className="mt-5 flex justify-end">
          <Button onClick={onClose}>{tCore('common.close')}</Button>
        </div>
      </>
    );
  }

  const submit = handleSubmit((input) => answer.mutate(input, { onSuccess: onDone }));
  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={tCore('orders.reject.reason')}
        error={translateFieldError(errors.reason, tCore)}
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
      {answer.isError && (
        <Alert title={tCore('messages.failedToRejectOrder')}>
          {describeApiError(answer.error, tCore)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={answer.isPending}>
          {t('reject.submit', { count: orders.length })}
        </Button>
      </div>
    </form>
  );
}
