import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  respondTicketSchema,
  TICKET_RESPONSE_MAX,
  ticketStatuses,
  type Ticket,
} from '@keymarket/contracts/tickets';
import { KeyAdminActions } from '@/entities/orders/components/key-admin-actions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { controlClassName } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useRespondTicket } from '../api/respond-ticket';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketText } from './ticket-text';

type RespondTicketDialogProps = { ticket: Ticket | null; onClose: () => void };

/** An administrator reads a ticket and answers it, choosing the status it is left in. */
export function RespondTicketDialog({ ticket, onClose }: RespondTicketDialogProps) {
  const { t, i18n } = useTranslation('tickets');
  return (
    <Dialog
      open={ticket !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('respond.title')}
      description={
        ticket
          ? t('respond.description', {
              username: ticket.user.username,
              date: formatDateTime(ticket.createdAt, i18n.language),
            })
          : ''
      }
    >
      {ticket && <RespondForm ticket={ticket} onClose={onClose} />}
    </Dialog>
  );
}

function RespondForm({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const { t: tCore } = useTranslation();
  const respond = useRespondTicket();
  // Editing an earlier answer starts from it; answering normally closes the ticket.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(respondTicketSchema, {
    defaultValues: { response: ticket.adminResponse ?? '', status: 'closed' },
  });

  const submit = handleSubmit((answer) => {
    respond.mutate(
      { ticketId: ticket.id, answer },
      {
        onSuccess: (answered) => {
          toast.success(t('respond.success', { status: t(`status.${answered.status}`) }));
          onClose();
        },
      },
    );
  });

  const failure = respond.error;
  // Reopening a closed ticket is refused while its author has another one that is not closed.
  const reopenRefused = failure instanceof ApiError && failure.type === 'conflict';

  return (
    <div className="mt-5 flex max-h-[75dvh] flex-col gap-4 overflow-y-auto">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-medium text-fg [overflow-wrap:anywhere]">
          <bdi>{ticket.subject}</bdi>
        </h3>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <TicketText className="rounded-lg border border-border bg-surface-2/40 px-3 py-2">
        {ticket.message}
      </TicketText>
      {ticket.report && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-warning/50 px-3 py-2 text-sm">
          <span className="text-fg">
            {t('report.key', { number: ticket.report.keyIndex + 1 })}{' '}
            <code dir="ltr" className="font-mono text-xs" title={ticket.report.orderId}>
              {ticket.report.orderId.slice(0, 8)}
            </code>
          </span>
          {ticket.status !== 'closed' && (
            <KeyAdminActions orderId={ticket.report.orderId} keyIndex={ticket.report.keyIndex} />
          )}
        </div>
      )}
      {ticket.adminResponse && (
        <div className="rounded-lg border-s-2 border-primary bg-surface-2/40 px-3 py-2">
          <h4 className="text-xs font-medium text-accent">{t('respond.previousResponse')}</h4>
          <TicketText className="mt-1">{ticket.adminResponse}</TicketText>
        </div>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('respond.response')}
          hint={t('respond.responseHint')}
          error={translateFieldError(errors.response, tCore)}
        >
          {(control) => (
            <textarea
              {...control}
              dir="auto"
              rows={4}
              {...register('response')}
              maxLength={TICKET_RESPONSE_MAX}
              className={`${controlClassName} h-auto resize-y py-2`}
            />
          )}
        </Field>
        <Field label={t('respond.status')}>
          {(control) => (
            <Select {...control} {...register('status')}>
              {ticketStatuses.map((option) => (
                <option key={option} value={option}>
                  {t(`status.${option}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {failure &&
          (reopenRefused ? (
            <Alert>{t('respond.reopenConflict')}</Alert>
          ) : (
            <Alert title={t('respond.failed')}>{describeApiError(failure, tCore)}</Alert>
          ))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {tCore('common.cancel')}
          </Button>
          <Button type="submit" loading={respond.isPending}>
            {t('respond.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
