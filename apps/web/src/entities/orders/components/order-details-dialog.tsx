import { Copy, Flag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { KeyState, Order } from '@keymarket/contracts/orders';
import { KeyAdminActions } from './key-admin-actions';
import { KeyList } from './key-list';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { ApiError } from '@/lib/api-error';
import { isolate } from '@/lib/bidi';
import { useOrder } from '../api/get-order';
import { useCurrentUser } from '@/lib/auth/current-user';
import { describeApiError } from '@/lib/translate-error';
import { OrderSource, SupplierReportBadge } from './order-source';
import { useNoteText } from '@/entities/ledger/server-note';
import { OrderStatusBadge } from './order-status-badge';
import { ReportKeyDialog } from './report-key-dialog';

type OrderDetailsDialogProps = {
  /** The order as a list shows it: shown at once, then refreshed from the server. */
  order?: Order | null;
  /** Or only its id (a statement line): read from the server, which decides who may see it. */
  orderId?: string | null;
  onClose: () => void;
};

/**
 * An order: what was bought, by whom, for how much and when, with its keys for the buyer or an
 * admin. Opened from the orders list (the listed row) or from a statement line (the id alone).
 */
export function OrderDetailsDialog({ order, orderId, onClose }: OrderDetailsDialogProps) {
  const { t, i18n } = useTranslation();
  const id = order?.id ?? orderId ?? null;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.details.title')}
      // The number whole ("#b81f2346") and a Latin name in one piece in an Arabic dialog.
      description={isolate(order?.productName ?? (id ? `#${id.slice(0, 8)}` : ''), i18n.dir())}
    >
      {id && <OrderDetails id={id} listed={order ?? undefined} />}
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

/**
 * Shows the listed row at once (when there is one), then the fresh order. Without a listed row,
 * a reader the server refuses (403, 404) is told the order is not one it may see.
 */
function OrderDetails({ id, listed }: { id: string; listed: Order | undefined }) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation();
  const noteText = useNoteText();
  const orderQuery = useOrder(id);
  const order = orderQuery.data ?? listed;
  const [reporting, setReporting] = useState<number | null>(null);
  if (!order) {
    if (orderQuery.isError) {
      const hidden =
        orderQuery.error instanceof ApiError && [403, 404].includes(orderQuery.error.status);
      return (
        <div className="mt-5">
          <Alert>
            {hidden
              ? t('statement.orderHidden', { ns: 'money' })
              : describeApiError(orderQuery.error, t)}
          </Alert>
        </div>
      );
    }
    return (
      <div className="mt-5 grid place-items-center">
        <Spinner />
      </div>
    );
  }
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <div className="mt-5 flex max-h-[70dvh] flex-col gap-4 overflow-y-auto">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <Row label={t('orders.fields.id')}>
          <ShortOrderId id={order.id} />
        </Row>
        <Row label={t('orders.fields.status')}>
          <OrderStatusBadge order={order} />
        </Row>
        <Row label={t('orders.fields.product')}>
          <bdi>{order.productName}</bdi>
        </Row>
        <Row label={t('orders.fields.category')}>
          {order.category ? localisedName(order.category, i18n.language) : '—'}
        </Row>
        <Row label={t('orders.fields.deliveryType')}>
          {t(`orders.deliveryType.${order.deliveryType}`)}
        </Row>
        <Row label={t('orders.fields.buyer')}>
          <bdi dir="ltr">@{order.buyer.username}</bdi>
        </Row>
        <Row label={t('orders.fields.seller')}>
          {order.seller ? (
            <bdi dir="ltr">@{order.seller.username}</bdi>
          ) : (
            t('orders.platformSeller')
          )}
        </Row>
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
        <Row label={t('orders.fields.notes')}>{order.notes ? <bdi>{order.notes}</bdi> : '—'}</Row>
        {order.rejectionReason && (
          <Row
            label={t(
              order.cancelledByBuyer
                ? 'orders.fields.cancellationReason'
                : 'orders.fields.rejectionReason',
            )}
          >
            <bdi>{noteText(order.rejectionReason)}</bdi>
          </Row>
        )}
      </dl>
      {order.upstream && <OrderSource upstream={order.upstream} order={order} />}
      {order.status === 'pending' && order.backordered && (
        <p className="rounded-lg bg-warning/10 p-3 text-sm text-fg">
          {t('orders.details.backordered')}
        </p>
      )}
      {orderQuery.isPending && (
        <div className="grid place-items-center">
          <Spinner />
        </div>
      )}
      {orderQuery.isError && <Alert>{describeApiError(orderQuery.error, t)}</Alert>}
      {order.responseKeys && order.responseKeys.length > 0 && (
        <KeyList
          keys={order.responseKeys}
          aside={
            order.keyStates
              ? (index) => <KeyAfterSale order={order} keyIndex={index} onReport={setReporting} />
              : undefined
          }
        />
      )}
      <ReportKeyDialog
        orderId={order.id}
        productName={order.productName}
        keyIndex={reporting}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}

const keyStateTone: Record<KeyState, BadgeTone> = {
  delivered: 'neutral',
  reported: 'warning',
  replaced: 'success',
  refunded: 'danger',
};

/**
 * One key's after-sale state, and what the reader may do about it: the buyer reports a delivered
 * key; an administrator replaces or refunds one not yet replaced or refunded.
 */
function KeyAfterSale({
  order,
  keyIndex,
  onReport,
}: {
  order: Order;
  keyIndex: number;
  onReport: (keyIndex: number) => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const state = order.keyStates?.[keyIndex] ?? 'delivered';
  const open = state === 'delivered' || state === 'reported';
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge tone={keyStateTone[state]}>{t(`orders.keyState.${state}`)}</Badge>
      {/* A docked order's keys are answered by its supplier, whose answer is applied here. */}
      {me?.role === 'admin' && open && !order.upstream && (
        <KeyAdminActions orderId={order.id} keyIndex={keyIndex} />
      )}
      <SupplierReportBadge order={order} keyIndex={keyIndex} />
      {me?.id === order.buyer.id && state === 'delivered' && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onReport(keyIndex)}
          aria-label={t('orders.afterSale.reportKey', { number: keyIndex + 1 })}
        >
          <Flag aria-hidden className="size-4" />
          {t('orders.afterSale.report')}
        </Button>
      )}
    </span>
  );
}
