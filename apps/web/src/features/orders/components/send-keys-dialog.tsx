import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keyLines, respondOrderSchema, type Order } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useRespondOrder } from '../api/respond-order';
import { limitKeyLines } from './limit-key-lines';

// The delivery half of the contract's answer to a pending order.
const [completionSchema] = respondOrderSchema.options;

type SendKeysDialogProps = { order: Order | null; onClose: () => void };

/** Admin delivery of a request order: exactly one key (or account) per unit. */
export function SendKeysDialog({ order, onClose }: SendKeysDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.sendKeys.title')}
      description={
        order
          ? t('orders.sendKeys.description', { count: order.quantity, name: order.productName })
          : ''
      }
    >
      {order && <SendKeysForm order={order} onClose={onClose} />}
    </Dialog>
  );
}

function SendKeysForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const respond = useRespondOrder();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useContractForm(completionSchema, { defaultValues: { status: 'completed', keys: '' } });
  const [cut, setCut] = useState(false);
  const count = keyLines(watch('keys')).length;
  const complete = count === order.quantity;

  const keysField = register('keys', {
    // Typing and pasting both land here, so neither can go past the ordered quantity.
    onChange: (event: { target: { value: string } }) => {
      const limited = limitKeyLines(event.target.value, order.quantity);
      if (limited.cut) setValue('keys', limited.text);
      setCut(limited.cut);
    },
  });

  const submit = handleSubmit((response) => {
    if (!complete) return;
    respond.mutate(
      { orderId: order.id, response },
      {
        onSuccess: () => {
          toast.success(t('orders.sendKeys.success'));
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={t('orders.sendKeys.keys')}
        hint={t('orders.sendKeys.hint')}
        error={
          translateFieldError(errors.keys, t) ??
          (cut ? t('orders.sendKeys.cut', { count: order.quantity }) : undefined)
        }
      >
        {(control) => <Textarea {...control} {...keysField} dir="ltr" rows={6} mono />}
      </Field>
      <p
        aria-live="polite"
        className={`text-sm tabular-nums ${complete ? 'text-success' : 'text-muted'}`}
      >
        {t('orders.sendKeys.counter', { typed: count, count: order.quantity })}
      </p>
      {respond.isError && (
        <Alert title={t('messages.failedToSendKeys')}>{describeApiError(respond.error, t)}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!complete} loading={respond.isPending}>
          {t('orders.sendKeys.submit')}
        </Button>
      </div>
    </form>
  );
}
