import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Topup } from '@keymarket/contracts/topups';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { formatUsdAmount } from '@/lib/format-price';
import { queryKeys } from '@/lib/query-keys';
import { useTableParams } from '@/lib/use-table-params';
import { fetchTopup } from '../api/confirm-payment';
import { useDecideTopup } from '../api/decide-topup';
import { topupsQueryKey, useTopupMethods } from '../api/get-topup-methods';
import { useTopups } from '../api/get-topups';
import { formatInCurrency, methodText, requestMethodName } from './method-text';
import { NewTopupForm } from './new-topup-form';
import { StatusWithReason } from './topup-status-badge';

/** "Top up" (managers, resellers): the funder's methods, a new request, and one's own requests. */
export function TopupScreen() {
  const { t, i18n } = useTranslation('topups');
  const methods = useTopupMethods();
  const [search] = useSearchParams();
  const returning = search.get('topup');
  return (
    <div className="flex flex-col gap-6">
      {returning && <CardReturn id={returning} />}
      <Card title={t('topup.methods')}>
        {methods.isPending && <Spinner />}
        {methods.isError && (
          <LoadError error={methods.error} onRetry={() => void methods.refetch()} />
        )}
        {methods.isSuccess &&
          (methods.data.data.length === 0 ? (
            <p className="text-sm text-muted">{t('topup.noMethods')}</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {methods.data.data.map((method) => {
                const text = methodText(method, i18n.language);
                const money = (amount: number) =>
                  formatInCurrency(amount, method.currencyCode, i18n.language);
                return (
                  <li key={method.id} className="rounded-lg border border-border p-4">
                    <h3 className="font-semibold text-fg">{text.name}</h3>
                    {text.instructions && (
                      <p className="mt-1 text-sm whitespace-pre-line text-fg">
                        <bdi>{text.instructions}</bdi>
                      </p>
                    )}
                    <p className="mt-2 text-xs text-muted">
                      {t('topup.limits', {
                        min: money(method.minAmount),
                        max: money(method.maxAmount),
                      })}
                      {' · '}
                      {method.feePercent === 0 && method.feeFixed === 0
                        ? t('topup.noFee')
                        : t('topup.fee', {
                            percent: method.feePercent,
                            fixed: money(method.feeFixed),
                          })}
                      {method.proofRequired && ` · ${t('topup.proofNeeded')}`}
                    </p>
                  </li>
                );
              })}
            </ul>
          ))}
      </Card>
      {methods.isSuccess && methods.data.data.length > 0 && (
        <Card title={t('topup.form')}>
          <NewTopupForm methods={methods.data.data} />
        </Card>
      )}
      <Card title={t('topup.mine')}>
        <MyTopups />
      </Card>
    </div>
  );
}

const CARD_CHECK_MS = 3000;

/**
 * The payer back from Stripe's page (`?topup=<id>`): reading the request asks Stripe about it
 * (a missed callback is recovered then), and again every few seconds until it is decided.
 */
function CardReturn({ id }: { id: string }) {
  const { t, i18n } = useTranslation('topups');
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: [...topupsQueryKey, 'one', id],
    queryFn: ({ signal }) => fetchTopup(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? CARD_CHECK_MS : false),
  });
  const status = read.data?.status;
  useEffect(() => {
    if (status !== 'approved') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    void queryClient.invalidateQueries({ queryKey: [...topupsQueryKey, 'mine'] });
  }, [status, queryClient]);
  if (!read.data) return null;
  const text =
    status === 'approved'
      ? t('topup.cardPaid', { amount: formatUsdAmount(read.data.creditAmount, i18n.language) })
      : status === 'pending'
        ? t('topup.cardWaiting')
        : t('topup.cardNotPaid', { status: t(`status.${read.data.status}`) });
  return (
    <Card>
      <p aria-live="polite" className="flex items-start gap-2 text-sm text-fg">
        {status === 'pending' && <Spinner />}
        {status === 'approved' && (
          <CircleCheck aria-hidden className="mt-px size-4 shrink-0 text-success" />
        )}
        {status !== 'pending' && status !== 'approved' && (
          <CircleX aria-hidden className="mt-px size-4 shrink-0 text-danger" />
        )}
        <span>{text}</span>
      </p>
    </Card>
  );
}

function MyTopups() {
  const { t, i18n } = useTranslation('topups');
  const params = useTableParams({ filters: [], sortable: [] });
  const query = useTopups('mine', { page: params.page, limit: params.pageSize });
  const [cancelling, setCancelling] = useState<Topup | null>(null);
  const decide = useDecideTopup();
  return (
    <>
      <PagedList
        query={query}
        page={params.page}
        onPageChange={params.setPage}
        pageSize={params.pageSize}
        onPageSizeChange={params.setPageSize}
        empty={t('topup.noRequests')}
      >
        {(rows) => (
          <Table>
            <TableHead>
              <TableRow>
                <TableHeader>{t('columns.date')}</TableHeader>
                <TableHeader>{t('columns.method')}</TableHeader>
                <TableHeader>{t('columns.amount')}</TableHeader>
                <TableHeader>{t('columns.credit')}</TableHeader>
                <TableHeader>{t('columns.status')}</TableHeader>
                <TableHeader>{t('columns.actions')}</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((topup) => (
                <TableRow key={topup.id}>
                  <TableCell kind="title" label={t('columns.date')}>
                    {formatDateTime(topup.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell label={t('columns.method')}>
                    <CellText>{requestMethodName(topup.method.names, i18n.language)}</CellText>
                  </TableCell>
                  <TableCell label={t('columns.amount')}>
                    <bdi dir="ltr">
                      {formatInCurrency(topup.amount, topup.currencyCode, i18n.language)}
                    </bdi>
                  </TableCell>
                  <TableCell label={t('columns.credit')}>
                    <bdi dir="ltr">{formatUsdAmount(topup.creditAmount, i18n.language)}</bdi>
                  </TableCell>
                  <TableCell label={t('columns.status')}>
                    <StatusWithReason status={topup.status} reason={topup.reason} />
                  </TableCell>
                  <TableCell kind="actions" label={t('columns.actions')}>
                    {topup.status === 'pending' && (
                      <Button size="sm" variant="secondary" onClick={() => setCancelling(topup)}>
                        {t('topup.cancel')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('topup.cancelTitle')}
        description={t('topup.cancelText')}
        confirmLabel={t('topup.cancel')}
        pending={decide.isPending}
        error={decide.error}
        onCancel={() => {
          decide.reset();
          setCancelling(null);
        }}
        onConfirm={() =>
          cancelling &&
          decide.mutate(
            { id: cancelling.id, action: 'cancel' },
            {
              onSuccess: () => {
                setCancelling(null);
                toast.success(t('topup.cancelled'));
              },
            },
          )
        }
      />
    </>
  );
}
