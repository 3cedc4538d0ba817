import { RotateCw, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { orderStatuses, type Order, type OrderUpstream } from '@keymarket/contracts/orders';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormatPrice } from '@/lib/format-price';
import { describeApiError } from '@/lib/translate-error';
import { useRetryPurchase } from '../api/retry-purchase';

const purchaseTone: Record<OrderUpstream['status'], BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  rejected: 'danger',
};

/** The supplier a docked order was bought from, in a list's product cell (administrators). */
export function OrderSourceBadge({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (!order.upstream) return null;
  return (
    <span className="mt-1 flex items-center gap-1 text-xs text-muted">
      <Truck aria-hidden className="size-3.5 shrink-0" />
      <span className="min-w-0 truncate">
        {t('orders.source.from')} <bdi>{order.upstream.upstreamName}</bdi>
      </span>
    </span>
  );
}

/** A failed or waiting purchase's retry: the same Idempotency-Key, never a second purchase. */
export function RetryPurchaseButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const retry = useRetryPurchase();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(order.id, {
          onSuccess: () => toast.success(t('orders.source.retried')),
          onError: (error) => toast.error(describeApiError(error, t)),
        })
      }
      aria-label={t('orders.source.retryFor', { name: order.productName })}
    >
      <RotateCw aria-hidden className="size-4" />
      {t('orders.source.retry')}
    </Button>
  );
}

/**
 * Where a docked order was bought (DESIGN.md §14), for administrators: the supplier, its own
 * order's reference to quote to it, the purchase's state there and, while it waits, why and a
 * retry.
 */
export function OrderSource({ upstream, order }: { upstream: OrderUpstream; order: Order }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  return (
    <section
      aria-labelledby={`source-${order.id}`}
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface-2 p-3 text-sm"
    >
      <h3 id={`source-${order.id}`} className="flex items-center gap-2 font-medium text-fg">
        <Truck aria-hidden className="size-4" />
        {t('orders.source.title')}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-muted">{t('orders.source.supplier')}</dt>
        <dd className="min-w-0 text-end break-words text-fg">
          <bdi>{upstream.upstreamName}</bdi>
        </dd>
        <dt className="text-muted">{t('orders.source.reference')}</dt>
        <dd className="min-w-0 text-end text-fg">
          {upstream.orderId ? (
            <code dir="ltr" className="font-mono text-xs break-all select-all">
              {upstream.orderId}
            </code>
          ) : (
            '—'
          )}
        </dd>
        <dt className="text-muted">{t('orders.source.status')}</dt>
        {/* Whole on one line: on a phone the names on the left wrap instead. */}
        <dd className="text-end whitespace-nowrap">
          <Badge tone={purchaseTone[upstream.status]}>
            {t(`orders.source.statuses.${upstream.status}`)}
          </Badge>
        </dd>
        {upstream.upstreamStatus && (
          <>
            <dt className="text-muted">{t('orders.source.upstreamStatus')}</dt>
            <dd className="text-end text-fg">
              <StatusThere status={upstream.upstreamStatus} />
            </dd>
          </>
        )}
        <dt className="text-muted">{t('orders.source.unitCost')}</dt>
        <dd className="text-end text-fg">
          <bdi dir="ltr">{formatPrice(upstream.unitCost)}</bdi>
        </dd>
        <dt className="text-muted">{t('orders.source.attempts')}</dt>
        <dd className="text-end text-fg tabular-nums">{upstream.attempts}</dd>
      </dl>
      {upstream.lastError && (
        <p className="rounded-md bg-danger/10 px-3 py-2 text-danger">
          <span className="font-medium">{t('orders.source.lastError')}</span>{' '}
          <bdi dir="auto">{upstream.lastError}</bdi>
        </p>
      )}
      {upstream.status === 'pending' && (
        <div className="flex justify-end">
          <RetryPurchaseButton order={order} />
        </div>
      )}
    </section>
  );
}

/** The supplier's order status in the reader's words when it is one of Keymarket's. */
function StatusThere({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = orderStatuses.find((s) => s === status);
  return <>{known ? t(`orders.status.${known}`) : status}</>;
}

/** A docked order's report as passed to its supplier: where it stands there. */
export function SupplierReportBadge({ order, keyIndex }: { order: Order; keyIndex: number }) {
  const { t } = useTranslation();
  const report = order.upstream?.reports.find((r) => r.keyIndex === keyIndex);
  if (!report || report.status === 'answered') return null;
  const refused = report.status === 'refused';
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge tone={refused ? 'danger' : 'neutral'}>
        {t(`orders.source.reports.${report.status}`)}
      </Badge>
      {refused && report.lastError && (
        <bdi dir="auto" className="text-xs text-danger">
          {report.lastError}
        </bdi>
      )}
    </span>
  );
}
