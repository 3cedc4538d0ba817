import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNoteText } from '../server-note';
import {
  ledgerBuckets,
  ledgerKinds,
  type LedgerBucket,
  type LedgerEntry,
  type LedgerKind,
} from '@keymarket/contracts/ledger';
import { sortText } from '@keymarket/contracts/pagination';
import { validRange } from '@/components/ui/date-range';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { SortableHeader } from '@/components/ui/sortable-header';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDateTime } from '@/lib/format-date';
import { formatUsdAmount } from '@/lib/format-price';
import { ledgerFilters, useLedger, type LedgerQuery } from '../api/get-ledger';
import type { TableParams } from '@/lib/use-table-params';
import { OrderDetailsDialog } from '@/entities/orders/components/order-details-dialog';
import { TableToolbar } from '@/components/table-toolbar';
import { SignedAmount } from './signed-amount';

export const statementFilters = ['bucket', 'kind', 'from', 'to'] as const;
export const statementSortable = ['createdAt', 'amount'] as const;
export type StatementParams = TableParams<
  (typeof statementFilters)[number],
  (typeof statementSortable)[number]
>;

const isBucket = (value: string): value is LedgerBucket =>
  (ledgerBuckets as readonly string[]).includes(value);
const isKind = (value: string): value is LedgerKind =>
  (ledgerKinds as readonly string[]).includes(value);

/** The statement's request from its URL (or dialog) state; a value out of place is dropped. */
export function statementQueryOf(params: StatementParams, userId?: string): LedgerQuery {
  const { bucket, kind, from, to } = params.filters;
  return {
    page: params.page,
    limit: params.pageSize,
    userId,
    bucket: isBucket(bucket) ? bucket : undefined,
    kind: isKind(kind) ? kind : undefined,
    ...validRange(from, to),
    sort: params.sort && sortText(params.sort),
  };
}

type StatementViewProps = {
  params: StatementParams;
  /** An administrator reading another user's statement; the caller's own without it. */
  userId?: string;
  /** Inside a dialog: fewer columns from `sm` to `lg`, the rest on the cards and in the CSV. */
  compact?: boolean;
};

/**
 * A statement (DESIGN.md §10): every movement of the balance and profit buckets, newest first,
 * with who gave or bought, who acted, the linked order and the running balance; filtered by
 * bucket, kind and dates, sorted by date or amount, and downloadable as CSV.
 */
export function StatementView({ params, userId, compact = false }: StatementViewProps) {
  const { t, i18n } = useTranslation('money');
  const noteText = useNoteText();
  const query = statementQueryOf(params, userId);
  const ledgerQuery = useLedger(query);
  const [orderId, setOrderId] = useState<string | null>(null);
  const filtered = Boolean(query.bucket || query.kind || query.from || query.to);
  const wide = compact ? 'sm:max-lg:hidden' : 'sm:max-md:hidden';

  return (
    <div className="flex flex-col gap-4">
      <TableToolbar
        range={{
          from: query.from ?? '',
          to: query.to ?? '',
          onChange: (range) => params.setFilters(range),
        }}
        sort={{
          columns: [
            { column: 'createdAt', label: t('statement.date') },
            { column: 'amount', label: t('statement.amount') },
          ],
          sort: params.sort,
          onSort: params.setSort,
        }}
        csv={{ path: '/ledger', query: ledgerFilters(query), label: t('statement.download') }}
      >
        <FilterSelect
          label={t('statement.bucket')}
          allLabel={t('statement.allBuckets')}
          value={query.bucket ?? ''}
          options={ledgerBuckets}
          optionLabel={(bucket) => t(`bucket.${bucket}`)}
          onChange={(bucket) => params.setFilters({ bucket })}
        />
        <FilterSelect
          label={t('statement.kind')}
          allLabel={t('statement.allKinds')}
          value={query.kind ?? ''}
          options={ledgerKinds}
          optionLabel={(kind) => t(`kind.${kind}`)}
          onChange={(kind) => params.setFilters({ kind })}
        />
      </TableToolbar>

      <PagedList
        query={ledgerQuery}
        page={params.page}
        onPageChange={params.setPage}
        pageSize={params.pageSize}
        onPageSizeChange={params.setPageSize}
        empty={filtered ? t('statement.emptyFiltered') : t('statement.empty')}
        failure={t('statement.failed')}
      >
        {(rows) => (
          <Table
            aria-label={t('statement.title')}
            aria-busy={ledgerQuery.isPlaceholderData || undefined}
          >
            <TableHead>
              <tr>
                <SortableHeader
                  column="createdAt"
                  sort={params.sort}
                  onSort={params.setSort}
                  firstDirection="desc"
                >
                  {t('statement.date')}
                </SortableHeader>
                <TableHeader>{t('statement.kind')}</TableHeader>
                <SortableHeader
                  column="amount"
                  sort={params.sort}
                  onSort={params.setSort}
                  firstDirection="desc"
                  className="text-end"
                >
                  {t('statement.amount')}
                </SortableHeader>
                <TableHeader className="text-end">{t('statement.balanceAfter')}</TableHeader>
                <TableHeader className={wide}>{t('statement.counterparty')}</TableHeader>
                <TableHeader className={wide}>{t('statement.actor')}</TableHeader>
                <TableHeader>{t('statement.order')}</TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell kind="title" className="text-muted max-sm:text-sm">
                    <span className="flex items-center justify-between gap-3">
                      <span>{formatDateTime(entry.createdAt, i18n.language)}</span>
                      {/* On a card the amount sits beside the date, where the eye starts. */}
                      <SignedAmount amount={entry.amount} className="sm:hidden" />
                    </span>
                  </TableCell>
                  <TableCell label={t('statement.kind')}>
                    <span className="flex flex-col items-end gap-0.5 sm:items-start">
                      <span className="text-fg">{t(`kind.${entry.kind}`)}</span>
                      <span className="text-xs text-muted">{t(`bucket.${entry.bucket}`)}</span>
                      {entry.note && (
                        <span dir="auto" className="max-w-56 text-xs whitespace-normal text-muted">
                          {noteText(entry.note)}
                        </span>
                      )}
                    </span>
                  </TableCell>
                  <TableCell label={t('statement.amount')} className="max-sm:hidden sm:text-end">
                    <SignedAmount amount={entry.amount} />
                  </TableCell>
                  <TableCell
                    label={t('statement.balanceAfter')}
                    className="font-medium text-fg tabular-nums sm:text-end"
                  >
                    <bdi dir="ltr">{formatUsdAmount(entry.balanceAfter, i18n.language)}</bdi>
                  </TableCell>
                  <TableCell label={t('statement.counterparty')} className={wide}>
                    <Counterparty entry={entry} />
                  </TableCell>
                  <TableCell label={t('statement.actor')} className={clsx(wide, 'text-muted')}>
                    {entry.actor ? (
                      <bdi dir="ltr">@{entry.actor.username}</bdi>
                    ) : (
                      t('statement.system')
                    )}
                  </TableCell>
                  <TableCell label={t('statement.order')}>
                    {entry.orderId ? (
                      <button
                        type="button"
                        onClick={() => setOrderId(entry.orderId)}
                        aria-label={t('statement.openOrder', { id: shortId(entry.orderId) })}
                        className="font-mono text-xs text-accent underline underline-offset-2"
                      >
                        <bdi dir="ltr">#{shortId(entry.orderId)}</bdi>
                      </button>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>

      <OrderDetailsDialog orderId={orderId} onClose={() => setOrderId(null)} />
    </div>
  );
}

/** An order's number as operators quote it: its first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Who gave (a transfer in), who received (a transfer out), who bought (a profit). */
function Counterparty({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('money');
  if (!entry.counterparty) return <span className="text-muted">—</span>;
  const name = `@${entry.counterparty.username}`;
  const key =
    entry.kind === 'profit'
      ? 'statement.boughtBy'
      : entry.amount < 0
        ? 'statement.givenTo'
        : 'statement.givenBy';
  return (
    <span className="whitespace-normal">
      {t(key)} <bdi dir="ltr">{name}</bdi>
    </span>
  );
}
