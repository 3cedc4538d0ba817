import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import { ticketStatuses, type Ticket, type TicketStatus } from '@keymarket/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { PagedList } from '@/components/ui/paged-list';
import { SearchInput } from '@/components/ui/search-input';
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
import { useSearchTerm } from '@/lib/use-debounced';
import { useAllTickets } from '../api/get-all-tickets';
import { RespondTicketDialog } from './respond-ticket-dialog';
import { TicketStatusBadge } from './ticket-status-badge';

/** Every user's tickets for the administrators: filter, search, read and answer. */
export function AdminTicketsScreen() {
  const { t, i18n } = useTranslation('tickets');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const [reading, setReading] = useState<Ticket | null>(null);

  const ticketsQuery = useAllTickets({
    page,
    limit: DEFAULT_LIMIT,
    status: status || undefined,
    search: search || undefined,
  });
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <Card title={t('list.title')}>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          maxLength={100}
          className="min-w-48 flex-1"
        />
        <FilterSelect
          label={t('list.statusFilter')}
          allLabel={t('list.allStatuses')}
          value={status}
          options={ticketStatuses}
          optionLabel={(option) => t(`status.${option}`)}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          className="min-w-40"
        />
      </div>

      <PagedList
        query={ticketsQuery}
        page={page}
        onPageChange={setPage}
        // Filters that match nothing, or no ticket at all yet.
        empty={search || status ? t('list.empty') : t('list.noneYet')}
      >
        {(rows) => (
          <Table aria-busy={ticketsQuery.isPlaceholderData || undefined}>
            <TableHead>
              <tr>
                <TableHeader>{t('fields.subject')}</TableHeader>
                {/* On phones the author and date wait in the dialog, so the action stays in view. */}
                <TableHeader className="sm:max-md:hidden">{t('fields.user')}</TableHeader>
                <TableHeader>{t('fields.status')}</TableHeader>
                <TableHeader className="sm:max-md:hidden">{t('fields.createdAt')}</TableHeader>
                <TableHeader>
                  <span className="sr-only">{t('list.actions')}</span>
                </TableHeader>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((ticket) => (
                <TableRow key={ticket.id}>
                  <TableCell kind="title" className="font-medium text-fg sm:max-w-72">
                    <CellText>{ticket.subject}</CellText>
                  </TableCell>
                  <TableCell label={t('fields.user')} className="sm:max-md:hidden">
                    <bdi>{ticket.user.username}</bdi>
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

      <RespondTicketDialog ticket={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
