import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '@keymarket/contracts/orders';
import { KeyList } from '@/components/key-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useOrder } from '../api/get-order';
import { OrderStatusBadge } from './order-status-badge';

type OrderDetailsDialogProps = { order: Order | null; onClose: () => void };

export function OrderDetailsDialog({ order, onClose }: OrderDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.details.title')}
      description={order?.productName ?? ''}
    >
      {order && <OrderDetails listed={order} />}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-end break-words text-fg">{children}</dd>
    </>
  );
}

/**
 * The order number as users quote it: its first 8 characters, the whole id in the tooltip and
 * on the clipboard.
 */
function ShortOrderId({ id }: { id: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      toast.success(t('orders.details.idCopied'));
    } catch {
      // The clipboard needs a secure context and permission; the id stays in the tooltip.
      toast.error(t('orders.details.idCopyFailed'));
    }
  }
  return (
    <span className="inline-flex items-center gap-1">
      <code dir="ltr" className="font-mono text-xs" title={id}>
        {id.slice(0, 8)}
      </code>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void copy()}
        aria-label={t('orders.details.copyId')}
        title={t('orders.details.copyId')}
      >
        <Copy aria-hidden className="size-4" />
      </Button>
    </span>
  );
}

/** Shows the listed row at once, then the fresh order (with its keys for the buyer or an admin). */
function OrderDetails({ listed }: { listed: Order }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const orderQuery = useOrder(listed.id);
  const order = orderQuery.data ?? listed;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <div className="mt-5 flex max-h-[70dvh] flex-col gap-4 overflow-y-auto">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <Row label={t('orders.fields.id')}>
          <ShortOrderId id={order.id} />
        </Row>
        <Row label={t('orders.fields.status')}>
          <OrderStatusBadge status={order.status} />
        </Row>
        <Row label={t('orders.fields.product')}>{order.productName}</Row>
        <Row label={t('orders.fields.category')}>
          {order.category ? localisedName(order.category, i18n.language) : '—'}
        </Row>
        <Row label={t('orders.fields.deliveryType')}>
          {t(`orders.deliveryType.${order.deliveryType}`)}
        </Row>
        <Row label={t('orders.fields.buyer')}>{order.buyer.username}</Row>
        <Row label={t('orders.fields.seller')}>{order.seller?.username ?? '—'}</Row>
        <Row label={t('orders.fields.quantity')}>{order.quantity}</Row>
        <Row label={t('orders.fields.unitPrice')}>
          <bdi dir="ltr">{formatPrice(order.unitPrice)}</bdi>
        </Row>
        <Row label={t('orders.fields.total')}>
          <bdi dir="ltr" className="font-semibold">
            {formatPrice(order.totalAmount)}
          </bdi>
        </Row>
        <Row label={t('orders.fields.createdAt')}>{date(order.createdAt)}</Row>
        <Row label={t('orders.fields.deliveredAt')}>{date(order.deliveredAt)}</Row>
        <Row label={t('orders.fields.notes')}>{order.notes || '—'}</Row>
        {order.rejectionReason && (
          <Row label={t('orders.fields.rejectionReason')}>{order.rejectionReason}</Row>
        )}
      </dl>
      {orderQuery.isPending && (
        <div className="grid place-items-center">
          <Spinner />
        </div>
      )}
      {orderQuery.isError && <Alert>{describeApiError(orderQuery.error, t)}</Alert>}
      {order.responseKeys && order.responseKeys.length > 0 && <KeyList keys={order.responseKeys} />}
    </div>
  );
}
