import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keyLines, respondOrderSchema, type Order } from '@keymarket/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { controlClassName } from '@/components/ui/input';
import { fieldErrorsOf } from '@/lib/schema-errors';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useRespondOrder } from '../api/respond-order';
import { limitKeyLines } from './limit-key-lines';

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
  const [keys, setKeys] = useState('');
  const [cut, setCut] = useState(false);
  const [error, setError] = useState<string>();
  const count = keyLines(keys).length;
  const complete = count === order.quantity;

  function change(text: string) {
    // Typing and pasting both land here, so neither can go past the ordered quantity.
    const limited = limitKeyLines(text, order.quantity);
    setKeys(limited.text);
    setCut(limited.cut);
    setError(undefined);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = respondOrderSchema.safeParse({ status: 'completed', keys });
    if (!parsed.success) {
      setError(translateFieldError(fieldErrorsOf<'keys'>(parsed.error).keys, t));
      return;
    }
    if (!complete) return;
    respond.mutate(
      { orderId: order.id, response: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('orders.sendKeys.success'));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={t('orders.sendKeys.keys')}
        hint={t('orders.sendKeys.hint')}
        error={error ?? (cut ? t('orders.sendKeys.cut', { count: order.quantity }) : undefined)}
      >
        {(control) => (
          <textarea
            {...control}
            dir="ltr"
            rows={6}
            value={keys}
            onChange={(event) => change(event.target.value)}
            className={`${controlClassName} h-auto py-2 font-mono`}
          />
        )}
      </Field>
      <p
        aria-live="polite"
        className={`text-sm tabular-nums ${complete ? 'text-success' : 'text-muted'}`}
      >
        {t('orders.sendKeys.counter', { count, total: order.quantity })}
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
