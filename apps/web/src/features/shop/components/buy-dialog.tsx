import { CircleCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASE_CURRENCY } from '@keymarket/contracts/settings';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import {
  createOrderSchema,
  ORDER_NOTES_MAX,
  ORDER_QUANTITY_MAX,
  type Order,
} from '@keymarket/contracts/orders';
import { KeyList } from '@/entities/orders/components/key-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/lib/auth/current-user';
import { useDisplayCurrency } from '@/lib/display-currency';
import { formatUsdAmount, useFormatPrice } from '@/lib/format-price';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateOrder } from '../api/create-order';
import { useMyLimits } from '../api/get-my-limits';
import { limitRefusalText, PurchaseAllowance } from './purchase-allowance';

type BuyDialogProps = {
  /** The product being bought; null closes the dialog. */
  product: Product | null;
  onClose: () => void;
};

export function BuyDialog({ product, onClose }: BuyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title={product ? t('shop.buyDialog.title', { name: product.name }) : ''}
      description={t('shop.buyDialog.description')}
    >
      {/* Mounted per opening: a fresh form and a fresh idempotency key each time. */}
      {product && <BuyForm product={product} onClose={onClose} />}
    </Dialog>
  );
}

function BuyForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const { t: tLimits } = useTranslation('limits');
  const createOrder = useCreateOrder();
  // What the purchase limits still allow (none for most buyers); the server checks them anyway.
  const limits = useMyLimits(product.id).data;
  const quantityLeft = limits?.quantityLeft ?? null;
  // One key per opening: a double click or a retry after a lost answer replays the first
  // purchase instead of buying twice. A refused purchase stores nothing, so retrying with another
  // quantity under the same key is accepted by the server.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useContractForm(createOrderSchema, {
    defaultValues: { productId: product.id, quantity: 1, notes: '' },
  });
  const [stockError, setStockError] = useState<string>();
  const [placed, setPlaced] = useState<Order | null>(null);

  // Beyond the stock a backorder waits for keys, so only the order limit applies.
  const maxQuantity = Math.max(
    1,
    Math.min(
      product.allowBackorder ? ORDER_QUANTITY_MAX : product.stockQuantity,
      ORDER_QUANTITY_MAX,
      quantityLeft ?? ORDER_QUANTITY_MAX,
    ),
  );
  const quantity = watch('quantity');
  // In cents first: 3 × 2.3 is 6.8999… in floating point.
  const total =
    Number.isInteger(quantity) && quantity > 0
      ? Math.round(quantity * product.price * 100) / 100
      : 0;

  const submit = handleSubmit(({ notes, ...order }) => {
    setStockError(undefined);
    // The server refuses it too, but saying so here saves a round trip and names the stock.
    if (order.quantity > product.stockQuantity && !product.allowBackorder) {
      setStockError(t('shop.buyDialog.onlyInStock', { count: product.stockQuantity }));
      return;
    }
    if (quantityLeft !== null && order.quantity > quantityLeft) {
      setStockError(
        quantityLeft > 0
          ? tLimits('buy.overLimit', { count: quantityLeft })
          : tLimits('buy.noneLeft'),
      );
      return;
    }
    createOrder.mutate(
      // Blank notes are no notes: the order then carries none rather than an empty text.
      { order: { ...order, notes: notes || undefined }, idempotencyKey },
      {
        onSuccess: (order) => {
          setPlaced(order);
          toast.success(
            order.status === 'completed'
              ? t('shop.buyDialog.completedToast', { name: order.productName })
              : order.backordered
                ? t('shop.buyDialog.backorderedToast', { name: order.productName })
                : t('shop.buyDialog.pendingToast', { name: order.productName }),
          );
        },
      },
    );
  });

  if (placed) return <PlacedOrder order={placed} onClose={onClose} />;

  const quantityError = stockError ?? translateFieldError(errors.quantity, t);

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-3 text-sm">
        <dt className="text-muted">{t('shop.price')}</dt>
        <dd className="text-end tabular-nums">
          <bdi dir="ltr">{formatPrice(product.price)}</bdi>
        </dd>
        <dt className="text-muted">{t('shop.stock')}</dt>
        <dd className="text-end tabular-nums">{product.stockQuantity}</dd>
      </dl>
      {limits && <PurchaseAllowance limits={limits} />}
      <Field
        label={t('shop.buyDialog.quantity')}
        hint={t('shop.buyDialog.quantityHint', { max: maxQuantity })}
        error={quantityError}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            {...register('quantity', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field
        label={t('shop.buyDialog.notes')}
        hint={t('shop.buyDialog.notesHint')}
        error={translateFieldError(errors.notes, t)}
      >
        {(control) => (
          <Textarea {...control} rows={3} {...register('notes')} maxLength={ORDER_NOTES_MAX} />
        )}
      </Field>
      <p className="flex items-baseline justify-between text-sm" aria-live="polite">
        <span className="text-muted">{t('shop.buyDialog.total')}</span>
        <output className="text-xl font-semibold text-fg tabular-nums" data-testid="order-total">
          <bdi dir="ltr">{formatPrice(total)}</bdi>
        </output>
      </p>
      <Charge total={total} />
      {product.deliveryType === 'instant' &&
        product.allowBackorder &&
        Number.isInteger(quantity) &&
        quantity > product.stockQuantity && (
          // Said before paying: beyond the keys in stock the whole order waits for the next import.
          <p
            className="flex items-start gap-2 rounded-lg bg-warning/10 p-3 text-sm text-fg"
            data-testid="backorder-notice"
          >
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            {t('shop.buyDialog.backorderNotice', {
              stock: product.stockQuantity,
              quantity,
            })}
          </p>
        )}
      {createOrder.isError && (
        <Alert title={t('messages.failedToPlaceOrder')}>
          {limitRefusalText(createOrder.error, tLimits, i18n.language) ??
            describeApiError(createOrder.error, t)}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={createOrder.isPending}>
          {t('shop.buyDialog.confirm')}
        </Button>
      </div>
    </form>
  );
}

/**
 * What the purchase does to the money, said before it is made: the amount charged in USD when
 * the navbar shows another currency (the balance is kept in USD), and the balance left after it.
 */
function Charge({ total }: { total: number }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const currency = useDisplayCurrency();
  // The balance the top bar already loaded (and keeps fresh); this dialog asks for nothing more.
  const userQuery = useQuery({ ...currentUserQueryOptions(), enabled: false });
  const inUsd = currency.code === BASE_CURRENCY.code;
  const balance = userQuery.data?.balance.current;
  const after = balance === undefined ? undefined : Math.round((balance - total) * 100) / 100;
  if (inUsd && after === undefined) return null;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="order-charge">
      {!inUsd && (
        <>
          <dt className="text-muted">{t('shop.buyDialog.chargedInUsd')}</dt>
          <dd className="text-end font-medium text-fg tabular-nums">
            <bdi dir="ltr">{formatUsdAmount(total, i18n.language)}</bdi>
          </dd>
        </>
      )}
      {after !== undefined && (
        <>
          <dt className="text-muted">{t('shop.buyDialog.balanceAfter')}</dt>
          <dd
            className={`text-end font-medium tabular-nums ${after < 0 ? 'text-danger' : 'text-fg'}`}
          >
            <bdi dir="ltr">{formatPrice(after)}</bdi>
            {!inUsd && (
              <span className="ms-1 text-muted">
                (<bdi dir="ltr">{formatUsdAmount(after, i18n.language)}</bdi>)
              </span>
            )}
          </dd>
          {after < 0 && (
            <dd className="col-span-2 text-xs text-danger">{t('shop.buyDialog.notEnough')}</dd>
          )}
        </>
      )}
    </dl>
  );
}

function PlacedOrder({ order, onClose }: { order: Order; onClose: () => void }) {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation();
  const instant = order.status === 'completed';
  const Icon = instant ? CircleCheck : Clock;
  return (
    <div className="mt-5 flex flex-col gap-4">
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg bg-surface-2 p-3 text-sm text-fg"
      >
        <Icon
          aria-hidden
          className={`mt-0.5 size-4 shrink-0 ${instant ? 'text-success' : 'text-warning'}`}
        />
        {t(
          instant
            ? 'shop.buyDialog.completed'
            : order.backordered
              ? 'shop.buyDialog.backordered'
              : 'shop.buyDialog.pending',
          { total: formatPrice(order.totalAmount) },
        )}
      </p>
      {order.responseKeys && order.responseKeys.length > 0 && <KeyList keys={order.responseKeys} />}
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </div>
  );
}
