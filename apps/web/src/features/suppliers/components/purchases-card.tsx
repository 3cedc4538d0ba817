import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useFormatPrice } from '@/lib/format-price';
import { describeApiError } from '@/lib/translate-error';
import { usePurchases, type PurchaseStatus } from '../api/get-purchases';
import { useRetryPurchase } from '../api/retry-purchase';

const tones = { pending: 'warning', completed: 'success', rejected: 'danger' } as const;
const statuses: PurchaseStatus[] = ['pending', 'completed', 'rejected'];

/**
 * Docked orders as bought from their supplier: the reference to quote to it, and for those not
 * settled, why, with a retry (the same Idempotency-Key: never a second purchase).
 */
export function PurchasesCard() {
  const { t, i18n } = useTranslation('suppliers');
  const { t: tCore } = useTranslation();
  const price = useFormatPrice();
  const [status, setStatus] = useState<PurchaseStatus | undefined>('pending');
  const [page, setPage] = useState(1);
  const purchases = usePurchases({ page, status });
  const retry = useRetryPurchase();

  return (
    <Card className="mt-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-fg">{t('purchases.title')}</h2>
        <Field label={t('purchases.status')}>
          {(control) => (
            <Select
              {...control}
              value={status ?? ''}
              onChange={(e) => {
                setStatus((e.target.value || undefined) as PurchaseStatus | undefined);
                setPage(1);
              }}
            >
              <option value="">{t('purchases.all')}</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {t(`purchases.statuses.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {purchases.isPending && <Spinner />}
      {purchases.isError && (
        <LoadError error={purchases.error} onRetry={() => void purchases.refetch()} />
      )}
      {purchases.isSuccess &&
        (purchases.data.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('purchases.empty')}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border">
              {purchases.data.data.map((p) => (
                <li
                  key={p.orderId}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                      <bdi>{p.productName}</bdi> × {p.quantity}
                      <Badge tone={tones[p.status]}>{t(`purchases.statuses.${p.status}`)}</Badge>
                    </p>
                    <p className="text-xs text-muted">
                      <bdi>{p.upstream.name}</bdi> · {t('purchases.buyer', { name: p.buyer })} ·{' '}
                      {t('purchases.unitCost')}: <bdi dir="ltr">{price(p.unitCost)}</bdi> ·{' '}
                      {formatDateTime(p.createdAt, i18n.language)}
                    </p>
                    <p className="text-xs text-muted">
                      {t('purchases.reference')}:{' '}
                      <span dir="ltr" className="font-mono">
                        {p.upstreamOrderId ?? '—'}
                      </span>
                    </p>
                    {p.lastError && (
                      <p className="mt-1 text-xs text-danger">
                        <bdi>{p.lastError}</bdi>
                      </p>
                    )}
                  </div>
                  {p.status === 'pending' && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={retry.isPending}
                      onClick={() =>
                        retry.mutate(p.orderId, {
                          onSuccess: () => toast.success(t('purchases.retried')),
                          onError: (error) => toast.error(describeApiError(error, tCore)),
                        })
                      }
                    >
                      {t('purchases.retry')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              totalPages={purchases.data.pagination.totalPages}
              total={purchases.data.pagination.total}
              onPageChange={setPage}
            />
          </>
        ))}
    </Card>
  );
}
