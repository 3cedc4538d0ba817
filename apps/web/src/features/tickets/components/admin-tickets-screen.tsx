import { MessageSquareReply } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sortText } from '@keymarket/contracts/pagination';
import {
  ticketSortColumns,
  ticketStatusSchema,
  ticketStatuses,
  type Ticket,
} from '@keymarket/contracts/tickets';
import { TableToolbar } from '@/components/table-toolbar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
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
import { useSearchFilter, useTableParams } from '@/lib/use-table-params';
import { useAllTickets } from '../api/get-all-tickets';
import { TicketConversationDialog } from './ticket-conversation-dialog';
import { TicketStatusBadge } from './ticket-status-badge';
import { UnreadDot } from './unread-dot';

/** Every user's tickets for the administrators: filter, search, read and answer. */
export function AdminTicketsScreen() {
  const { t, i18n } = useTranslation('tickets');
  // Filters, page, page size and sort live in the URL: a reload or Back keeps them.
  const table = useTableParams({ filters: ['status', 'search'], sortable: ticketSortColumns });
  const { filters, setFilters } = table;
  const status = ticketStatusSchema.safeParse(filters.status).data;
  const search = filters.search;
  const onSearch = useCallback((term: string) => setFilters({ search: term }), [setFilters]);
  const [searchText, setSearchText] = useSearchFilter(search, onSearch);
  // The open conversation is in the URL too (`?ticket=`), where a notification leads.
  const [params, setParams] = useSearchParams();
  const readingId = params.get('ticket');
  const setReading = (ticket: Ticket | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (ticket) next.set('ticket', ticket.id);
        else next.delete('ticket');
        return next;
      },
      { replace: true },
    );

  const ticketsQuery = useAllTickets({
    page: table.page,
    limit: table.pageSize,
    status,
    search: search || undefined,
    sort: table.sort && sortText(table.sort),
  });
  const sortable = { sort: table.sort, onSort: table.setSort };
  const sortColumns = [
    { column: 'date', label: t('fields.createdAt') },
    { column: 'subject', label: t('fields.subject') },
    { column: 'status', label: t('fields.status') },
    { column: 'user', label: t('fields.user') },
  ] as const;
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Card title={t('list.title')}>
      <TableToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('list.searchPlaceholder'),
          label: t('list.search'),
          className: 'min-w-48 flex-1',
        }}
        sort={{ columns: sortColumns, ...sortable }}
        className="mb-4"
      >
        <FilterSelect
          label={t('list.statusFilter')}
          allLabel={t('list.allStatuses')}
          value={status ?? ''}
          options={ticketStatuses}
          optionLabel={(option) => t(`status.${option}`)}
          onChange={(value) => setFilters({ status: value })}
          className="min-w-40"
        />
      </TableToolbar>

      <PagedList
        query={ticketsQuery}
        page={table.page}
        onPageChange={table.setPage}
        pageSize={table.pageSize}
        onPageSizeChange={table.setPageSize}
        // Filters that match nothing, or no ticket at all yet.
        empty={search || status ? t('list.empty') : t('list.noneYet')}
      >
        {(rows) => (
          <Table aria-busy={ticketsQuery.isPlaceholderData || undefined}>
            <TableHead>
              <tr>
                <SortableHeader column="subject" {...sortable}>
                  {t('fields.subject')}
                </SortableHeader>
                {/* On phones the author and date wait in the dialog, so the action stays in view. */}
                <SortableHeader column="user" className="sm:max-md:hidden" {...sortable}>
                  {t('fields.user')}
                </SortableHeader>
                <SortableHeader column="status" {...sortable}>
                  {t('fields.status')}
                </SortableHeader>
                <SortableHeader
                  column="date"
                  firstDirection="desc"
                  className="sm:max-md:hidden"
                  {...sortable}
                >
                  {t('fields.createdAt')}
                </SortableHeader>
                <TableHeader>
                  <span className="sr-only">{t('list.actions')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((ticket) => (
                <TableRow key={ticket.id}>
                  <TableCell kind="title" className="font-medium text-fg sm:max-w-72">
                    <span className="flex items-center gap-2">
                      {ticket.unread && <UnreadDot />}
                      <CellText>{ticket.subject}</CellText>
                    </span>
                  </TableCell>
                  <TableCell label={t('fields.user')} className="sm:max-md:hidden">
                    <UserName username={ticket.user.username} at={false} />
                  </TableCell>
                  <TableCell label={t('fields.status')}>
                    <TicketStatusBadge status={ticket.status} />
                  </TableCell>
                  <TableCell label={t('fields.createdAt')} className="text-muted sm:max-md:hidden">
                    <span className="block min-w-28 whitespace-normal">
                      {date(ticket.createdAt)}
                    </span>
                  </TableCell>
                  <TableCell kind="actions">
                    <span className="flex justify-end">
                      <Button
                        size="sm"
                        variant={ticket.status === 'closed' ? 'secondary' : 'primary'}
                        onClick={() => setReading(ticket)}
                        aria-label={t('list.readFor', { subject: ticket.subject })}
                      >
                        <MessageSquareReply aria-hidden className="size-4" />
                        {t('list.read')}
                      </Button>
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>

      <TicketConversationDialog
        ticketId={readingId}
        ticket={ticketsQuery.data?.data.find((ticket) => ticket.id === readingId) ?? null}
        side="admin"
        onClose={() => setReading(null)}
      />
    </Card>
  );
}
