import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  deliveryStatuses,
  WEBHOOK_MAX_ATTEMPTS,
  type Delivery,
  type DeliveryStatus,
  type Webhook,
} from '@keymarket/contracts/integration';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError } from '@/lib/translate-error';
import { useDeliveries } from '../api/get-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';
import { PayloadDialog } from './payload-dialog';

const PAGE_SIZE = 10;
const statusTones: Record<DeliveryStatus, BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
};

type DeliveryLogProps = { webhook: Webhook; onClose: () => void };

/**
 * One endpoint's deliveries, newest first: what was sent, how it went, when the next attempt is,
 * with a retry for those not delivered and the body the receiver got.
 */
export function DeliveryLog({ webhook, onClose }: DeliveryLogProps) {
  const { t, i18n } = useTranslation('webhooks');
  const { t: tCore } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [viewing, setViewing] = useState<Delivery | null>(null);
  const query = useDeliveries(webhook.id, {
    page,
    limit: PAGE_SIZE,
    status: status || undefined,
  });
  const retryMutation = useRetryDelivery();
  const heading = useRef<HTMLHeadingElement>(null);
  const date = (iso: string | null) =>
    iso ? formatDateTime(iso, i18n.language) : t('deliveries.none');

  // Opened from a row's button below the list: bring the reader to it.
  useEffect(() => {
    heading.current?.focus();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom has no scrollIntoView
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [webhook.id]);

  function retry(delivery: Delivery) {
    retryMutation.mutate(
      { webhookId: webhook.id, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(t('deliveries.retried')),
        onError: (error) =>
          toast.error(t('deliveries.retryFailed'), {
            description: describeApiError(error, tCore),
          }),
      },
    );
  }

  return (
    <section
      aria-labelledby={`delivery-log-${webhook.id}`}
      className="rounded-xl border border-border bg-surface p-5 shadow-card sm:p-6"
    >
      <header className="mb-5 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={`delivery-log-${webhook.id}`}
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-fg outline-none"
          >
            {t('deliveries.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('deliveries.of', { url: webhook.url })}</p>
        </div>
        <Button variant="ghost" size="icon" aria-label={t('deliveries.close')} onClick={onClose}>
          <X aria-hidden className="size-5" />
        </Button>
      </header>
      <div className="mb-4 flex flex-wrap gap-3">
        <FilterSelect
          label={t('deliveries.filter')}
          allLabel={t('deliveries.allStatuses')}
          value={status}
          options={deliveryStatuses}
          optionLabel={(option) => t(`deliveries.statuses.${option}`)}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      <PagedList
        query={query}
        page={page}
        onPageChange={setPage}
        empty={status ? t('deliveries.emptyFiltered') : t('deliveries.empty')}
        failure={t('deliveries.loadFailed')}
      >
        {(deliveries) => (
          <Table>
            <TableHead>
              <tr>
                <TableHeader>{t('deliveries.event')}</TableHeader>
                <TableHeader>{t('deliveries.status')}</TableHeader>
                <TableHeader>{t('deliveries.lastError')}</TableHeader>
                <TableHeader>{t('deliveries.nextAttempt')}</TableHeader>
                <TableHeader>
                  <span className="sr-only">{t('actions')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {deliveries.map((delivery) => {
                const named = { event: delivery.event, date: date(delivery.createdAt) };
                return (
                  <TableRow key={delivery.id}>
                    <TableCell kind="title">
                      <code dir="ltr" className="font-mono font-medium text-fg">
                        {delivery.event}
                      </code>
                      <span className="block text-xs text-muted">
                        <span className="sr-only">{t('deliveries.created')} </span>
                        {date(delivery.createdAt)}
                      </span>
                    </TableCell>
                    {/* The attempts and the last HTTP status under the status: three columns
                        in one, so that the row's buttons stay in view at 1366 px in French. */}
                    <TableCell label={t('deliveries.status')}>
                      <span className="flex flex-col items-start gap-1 max-sm:items-end">
                        <Badge tone={statusTones[delivery.status]}>
                          {t(`deliveries.statuses.${delivery.status}`)}
                        </Badge>
                        <span className="text-xs text-muted tabular-nums">
                          <span className="sr-only">{t('deliveries.attempts')} </span>
                          <bdi dir="ltr">
                            {delivery.attempts}/{WEBHOOK_MAX_ATTEMPTS}
                          </bdi>
                          {delivery.lastStatusCode !== null && (
                            <>
                              {' · '}
                              <span className="sr-only">{t('deliveries.lastStatus')} </span>
                              {delivery.lastStatusCode}
                            </>
                          )}
                        </span>
                      </span>
                    </TableCell>
                    <TableCell label={t('deliveries.lastError')}>
                      {delivery.lastError ? (
                        <span
                          dir="auto"
                          className="inline-block max-w-56 break-words whitespace-normal text-danger"
                        >
                          {delivery.lastError}
                        </span>
                      ) : (
                        <span className="text-muted">{t('deliveries.none')}</span>
                      )}
                    </TableCell>
                    <TableCell label={t('deliveries.nextAttempt')} className="text-muted">
                      {date(delivery.nextAttemptAt)}
                    </TableCell>
                    <TableCell kind="actions">
                      <div className="flex items-center justify-end gap-1 max-sm:flex-wrap">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('deliveries.payloadNamed', named)}
                          onClick={() => setViewing(delivery)}
                        >
                          {t('deliveries.payload')}
                        </Button>
                        {delivery.status !== 'succeeded' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={t('deliveries.retryNamed', named)}
                            loading={
                              retryMutation.isPending &&
                              retryMutation.variables.deliveryId === delivery.id
                            }
                            onClick={() => retry(delivery)}
                          >
                            {t('deliveries.retry')}
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </PagedList>
      <PayloadDialog delivery={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
