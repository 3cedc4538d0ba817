import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  topupSortColumns,
  topupStatuses,
  type Topup,
  type TopupStatus,
} from '@keymarket/contracts/topups';
import type { Role } from '@keymarket/contracts/users';
import { CsvDownloadButton } from '@/components/csv-download-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateRange } from '@/components/ui/date-range';
import { FilterSelect } from '@/components/ui/filter-select';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { SortableHeader } from '@/components/ui/sortable-header';
import { UserName } from '@/components/ui/user-name';
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
import { describeApiError } from '@/lib/translate-error';
import { useTableParams } from '@/lib/use-table-params';
import { useCheckTopupPayment } from '../api/confirm-payment';
import { useTopups } from '../api/get-topups';
import { ApproveDialog, ConfirmPaymentDialog, RejectDialog } from './decision-dialogs';
import { formatInCurrency, requestMethodName } from './method-text';
import { ProofView } from './proof-view';
import { StatusWithReason } from './topup-status-badge';

const isStatus = (value: string): value is TopupStatus =>
  (topupStatuses as readonly string[]).includes(value);

/**
 * "Top-up requests": those the reader decides (administrators: the platform's; a manager or
 * reseller: its invitees'). Filters and page in the URL; the proof in place; approve or reject.
 */
export function TopupRequestsScreen({ role }: { role: Role }) {
  const { t, i18n } = useTranslation('topups');
  const params = useTableParams({
    filters: ['status', 'from', 'to'],
    sortable: topupSortColumns,
  });
  const status = isStatus(params.filters.status) ? params.filters.status : '';
  const listQuery = {
    status: status || undefined,
    from: params.filters.from || undefined,
    to: params.filters.to || undefined,
  };
  const query = useTopups('incoming', {
    ...listQuery,
    page: params.page,
    limit: params.pageSize,
    sort: params.sort && (params.sort.direction === 'desc' ? `-${params.sort.by}` : params.sort.by),
  });
  const [deciding, setDeciding] = useState<{
    topup: Topup;
    action: 'approve' | 'reject' | 'confirm';
  }>();
  const sortable = { sort: params.sort, onSort: params.setSort };

  return (
    <>
      <PageHeader
        title={t('requests.title')}
        description={role === 'admin' ? t('requests.subtitleAdmin') : t('requests.subtitle')}
      />
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <FilterSelect
            label={t('filters.status')}
            allLabel={t('filters.all')}
            value={status}
            options={topupStatuses}
            optionLabel={(option) => t(`status.${option}`)}
            onChange={(value) => params.setFilters({ status: value })}
          />
          <DateRange
            from={params.filters.from}
            to={params.filters.to}
            onChange={(range) => params.setFilters({ from: range.from, to: range.to })}
          />
          <CsvDownloadButton
            path="/topups/incoming"
            query={listQuery}
            label={t('requests.export')}
          />
        </div>
        <PagedList
          query={query}
          page={params.page}
          onPageChange={params.setPage}
          pageSize={params.pageSize}
          onPageSizeChange={params.setPageSize}
          empty={t('requests.empty')}
        >
          {(rows) => (
            <Table>
              <TableHead>
                <TableRow>
                  <SortableHeader column="createdAt" firstDirection="desc" {...sortable}>
                    {t('requests.requesterAndDate')}
                  </SortableHeader>
                  <TableHeader>{t('columns.method')}</TableHeader>
                  <SortableHeader column="amount" {...sortable}>
                    {t('columns.amount')}
                  </SortableHeader>
                  <SortableHeader column="creditAmount" {...sortable}>
                    {t('columns.credit')}
                  </SortableHeader>
                  <TableHeader>{t('requests.proof')}</TableHeader>
                  <SortableHeader column="status" {...sortable}>
                    {t('columns.status')}
                  </SortableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((topup) => (
                  <TableRow key={topup.id}>
                    <TableCell kind="title" label={t('columns.date')}>
                      <UserName
                        username={topup.requester.username}
                        at={false}
                        className="font-medium"
                      />
                      <span className="block text-xs text-muted">
                        {formatDateTime(topup.createdAt, i18n.language)}
                      </span>
                    </TableCell>
                    <TableCell label={t('columns.method')}>
                      <span className="block min-w-0">
                        <CellText>{requestMethodName(topup.method.names, i18n.language)}</CellText>
                        {topup.reference && (
                          <span className="block text-xs text-muted">
                            {t('columns.reference')}: <bdi>{topup.reference}</bdi>
                          </span>
                        )}
                      </span>
                    </TableCell>
                    <TableCell label={t('columns.amount')}>
                      <bdi dir="ltr">
                        {formatInCurrency(topup.amount, topup.currencyCode, i18n.language)}
                      </bdi>
                    </TableCell>
                    <TableCell label={t('columns.credit')}>
                      <bdi dir="ltr">{formatUsdAmount(topup.creditAmount, i18n.language)}</bdi>
                    </TableCell>
                    <TableCell label={t('requests.proof')}>
                      <ProofView proofUrl={topup.proofUrl} title={topup.requester.username} />
                    </TableCell>
                    <TableCell label={t('columns.status')}>
                      <StatusWithReason
                        status={topup.status}
                        reason={topup.reason ?? topup.note}
                        warning={topup.amountMismatch ? t('requests.amountMismatch') : undefined}
                      >
                        {topup.method.kind === 'stripe' ? (
                          <CardPaymentActions
                            topup={topup}
                            onDecide={(action) => setDeciding({ topup, action })}
                          />
                        ) : (
                          topup.status === 'pending' && (
                            <div className="mt-1 flex flex-wrap justify-end gap-2 sm:justify-start">
                              <Button
                                size="sm"
                                onClick={() => setDeciding({ topup, action: 'approve' })}
                              >
                                {t('requests.approve')}
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setDeciding({ topup, action: 'reject' })}
                              >
                                {t('requests.reject')}
                              </Button>
                            </div>
                          )
                        )}
                      </StatusWithReason>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </PagedList>
      </Card>
      {deciding?.action === 'approve' && (
        <ApproveDialog topup={deciding.topup} onClose={() => setDeciding(undefined)} />
      )}
      {deciding?.action === 'reject' && (
        <RejectDialog topup={deciding.topup} onClose={() => setDeciding(undefined)} />
      )}
      {deciding?.action === 'confirm' && (
        <ConfirmPaymentDialog topup={deciding.topup} onClose={() => setDeciding(undefined)} />
      )}
    </>
  );
}

/**
 * A card request Stripe's callback has not confirmed (pending, or expired while unpaid; only the
 * platform takes cards, so only administrators see these): ask Stripe about it now, confirm it
 * by the payment's reference, or reject it while pending.
 */
function CardPaymentActions({
  topup,
  onDecide,
}: {
  topup: Topup;
  onDecide: (action: 'confirm' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation('topups');
  const { t: tCore } = useTranslation();
  const check = useCheckTopupPayment();
  if (topup.status !== 'pending' && topup.status !== 'expired') return null;
  const onCheck = () =>
    check.mutate(topup.id, {
      onSuccess: (read) =>
        read.status === 'approved'
          ? toast.success(
              t('requests.checkPaid', {
                amount: formatUsdAmount(read.creditAmount, i18n.language),
              }),
            )
          : toast.info(t('requests.checkUnpaid')),
      onError: (error) => toast.error(describeApiError(error, tCore)),
    });
  return (
    <>
      <span className="block text-xs whitespace-normal text-muted">
        {t('requests.cardUnconfirmed')}
      </span>
      <div className="mt-1 flex flex-wrap justify-end gap-2 sm:justify-start">
        <Button size="sm" variant="secondary" loading={check.isPending} onClick={onCheck}>
          {t('requests.checkStripe')}
        </Button>
        <Button size="sm" onClick={() => onDecide('confirm')}>
          {t('requests.confirmPayment')}
        </Button>
        {topup.status === 'pending' && (
          <Button size="sm" variant="secondary" onClick={() => onDecide('reject')}>
            {t('requests.reject')}
          </Button>
        )}
      </div>
    </>
  );
}
