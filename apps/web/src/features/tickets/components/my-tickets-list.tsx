import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT } from '@keymarket/contracts/pagination';
import type { Ticket } from '@keymarket/contracts/tickets';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PagedList } from '@/components/ui/paged-list';
import { formatDateTime } from '@/lib/format-date';
import { useMyTickets } from '../api/get-my-tickets';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketConversationDialog } from './ticket-conversation-dialog';
import { TicketText } from './ticket-text';
import { UnreadDot } from './unread-dot';

/**
 * The caller's tickets, newest first, each with the administrators' latest answer and its
 * conversation a click away (`?ticket=` in the URL, where a notification leads).
 */
export function MyTicketsList() {
  const { t } = useTranslation('tickets');
  const [page, setPage] = useState(1);
  const ticketsQuery = useMyTickets({ page, limit: DEFAULT_LIMIT });
  const [params, setParams] = useSearchParams();
  const readingId = params.get('ticket');
  const setReading = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('ticket', id);
        else next.delete('ticket');
        return next;
      },
      { replace: true },
    );

  return (
    <Card title={t('mine.title')}>
      <PagedList query={ticketsQuery} page={page} onPageChange={setPage} empty={t('mine.empty')}>
        {(rows) => (
          <ul
            aria-busy={ticketsQuery.isPlaceholderData || undefined}
            className="flex flex-col gap-4"
          >
            {rows.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} onOpen={() => setReading(ticket.id)} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <TicketConversationDialog
        ticketId={readingId}
        side="author"
        onClose={() => setReading(null)}
      />
    </Card>
  );
}

function TicketCard({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  const { t, i18n } = useTranslation('tickets');
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <article
      aria-labelledby={`ticket-${ticket.id}`}
      className="rounded-lg border border-border bg-surface-2/40 p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3
          id={`ticket-${ticket.id}`}
          className="min-w-0 flex-1 font-medium text-fg [overflow-wrap:anywhere]"
        >
          {/* Its own direction, aligned with the page: English on an Arabic page reads right. */}
          {ticket.unread && <UnreadDot className="me-2" />}
          <bdi>{ticket.subject}</bdi>
        </h3>
        <TicketStatusBadge status={ticket.status} />
      </header>
      <p className="mt-1 text-xs text-muted">
        {t('fields.createdAt')} {date(ticket.createdAt)}
      </p>
      <TicketText className="mt-3">{ticket.message}</TicketText>
      <div className="mt-4 rounded-lg border-s-2 border-primary bg-surface px-3 py-2">
        <h4 className="text-xs font-medium text-accent">{t('fields.response')}</h4>
        {ticket.adminResponse ? (
          <>
            <TicketText className="mt-1">{ticket.adminResponse}</TicketText>
            {ticket.respondedAt && (
              <p className="mt-1 text-xs text-muted">
                {t('fields.respondedAt')} {date(ticket.respondedAt)}
              </p>
            )}
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{t('awaitingResponse')}</p>
        )}
      </div>
      <div className="mt-3 flex justify-end">
        <Button
          size="sm"
          variant={ticket.unread ? 'primary' : 'secondary'}
          onClick={onOpen}
          aria-label={t('conversation.openFor', { subject: ticket.subject })}
        >
          <MessagesSquare aria-hidden className="size-4" />
          {t('conversation.open')}
        </Button>
      </div>
    </article>
  );
}
