import { useTranslation } from 'react-i18next';
import type { Ticket } from '@keymarket/contracts/tickets';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format-date';
import { TicketConversation } from './ticket-conversation';

type TicketConversationDialogProps = {
  ticketId: string | null;
  /** The row it was opened from, for the description while the conversation loads. */
  ticket?: Ticket | null;
  side: 'author' | 'admin';
  onClose: () => void;
};

/** A ticket's conversation in a dialog: the author's side or the administrators'. */
export function TicketConversationDialog({
  ticketId,
  ticket,
  side,
  onClose,
}: TicketConversationDialogProps) {
  const { t, i18n } = useTranslation('tickets');
  return (
    <Dialog
      open={ticketId !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={t('conversation.title')}
      description={
        ticket
          ? t('respond.description', {
              username: ticket.user.username,
              date: formatDateTime(ticket.createdAt, i18n.language),
            })
          : t('conversation.description')
      }
    >
      {ticketId && (
        <div className="mt-5">
          <TicketConversation ticketId={ticketId} side={side} />
        </div>
      )}
    </Dialog>
  );
}
