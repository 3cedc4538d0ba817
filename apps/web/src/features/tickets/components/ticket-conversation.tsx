import { clsx } from 'clsx';
import { FileText, Paperclip, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
  TICKET_MESSAGE_MAX,
  TICKET_REOPEN_DAYS,
  ticketMessageInputSchema,
  ticketStatuses,
  type TicketAttachment,
  type TicketDetail,
  type TicketMessage,
} from '@keymarket/contracts/tickets';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useAddTicketMessage } from '../api/add-ticket-message';
import { useTicket } from '../api/get-ticket';
import { useUploadTicketAttachment } from '../api/upload-ticket-attachment';
import { ReportLine } from './report-line';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketText } from './ticket-text';

type Side = 'author' | 'admin';

/** A ticket's messages, oldest first, and the reply box of the caller's side. */
export function TicketConversation({ ticketId, side }: { ticketId: string; side: Side }) {
  const ticketQuery = useTicket(ticketId);
  if (ticketQuery.isPending) return <Spinner />;
  if (ticketQuery.isError) {
    return <LoadError error={ticketQuery.error} onRetry={() => void ticketQuery.refetch()} />;
  }
  const ticket = ticketQuery.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 font-medium text-fg [overflow-wrap:anywhere]">
          <bdi>{ticket.subject}</bdi>
        </h3>
        <TicketStatusBadge status={ticket.status} />
      </div>
      {side === 'admin' && <ReportLine ticket={ticket} />}
      <ol className="flex flex-col gap-3" aria-label={ticket.subject}>
        {ticket.messages.map((message) => (
          <li key={message.id}>
            <MessageBubble message={message} mine={message.fromAdmin === (side === 'admin')} />
          </li>
        ))}
      </ol>
      <ReplyForm ticket={ticket} side={side} />
    </div>
  );
}

function MessageBubble({ message, mine }: { message: TicketMessage; mine: boolean }) {
  const { t, i18n } = useTranslation('tickets');
  return (
    <article
      className={clsx(
        'max-w-[90%] rounded-lg border px-3 py-2',
        mine ? 'ms-auto border-primary/40 bg-primary/10' : 'me-auto border-border bg-surface-2/40',
      )}
    >
      <p className="text-xs text-muted">
        <bdi className="font-medium text-accent">
          {message.fromAdmin ? t('conversation.support') : message.author.username}
        </bdi>{' '}
        ·{' '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time>
      </p>
      <TicketText className="mt-1">{message.body}</TicketText>
      {message.attachments.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('conversation.attachments')}>
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <AttachmentLink attachment={attachment} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function AttachmentLink({ attachment }: { attachment: TicketAttachment }) {
  if (attachment.contentType === 'application/pdf') {
    return (
      <a
        href={attachment.url}
        className="inline-flex items-center gap-1 rounded border border-border px-2 py-1 text-xs text-accent underline"
      >
        <FileText aria-hidden className="size-4" />
        <bdi>{attachment.name}</bdi>
      </a>
    );
  }
  return (
    <a href={attachment.url} target="_blank" rel="noreferrer" className="block">
      <img
        src={attachment.url}
        alt={attachment.name}
        className="size-20 rounded border border-border object-cover"
      />
    </a>
  );
}

const REOPEN_MS = TICKET_REOPEN_DAYS * 24 * 60 * 60 * 1000;

function ReplyForm({ ticket, side }: { ticket: TicketDetail; side: Side }) {
  const { t } = useTranslation('tickets');
  const { t: tCore } = useTranslation();
  const send = useAddTicketMessage();
  const upload = useUploadTicketAttachment();
  const [attachments, setAttachments] = useState<TicketAttachment[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm(ticketMessageInputSchema, {
    defaultValues: { message: '', ...(side === 'admin' ? { status: 'pending' as const } : {}) },
  });

  const closedForGood =
    side === 'author' &&
    ticket.status === 'closed' &&
    (!ticket.closedAt || Date.now() - Date.parse(ticket.closedAt) > REOPEN_MS);
  if (closedForGood) return <Alert>{t('conversation.closedForGood')}</Alert>;

  const addFiles = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (attachments.length >= TICKET_ATTACHMENTS_PER_MESSAGE) break;
      if (file.size > TICKET_ATTACHMENT_MAX_BYTES) {
        toast.error(t('conversation.tooLarge', { name: file.name }));
        continue;
      }
      try {
        const added = await upload.mutateAsync({ ticketId: ticket.id, file });
        setAttachments((list) => [...list, added]);
      } catch (error) {
        toast.error(describeApiError(error, tCore));
      }
    }
  };

  const submit = handleSubmit((input) => {
    send.mutate(
      {
        ticketId: ticket.id,
        message: { ...input, attachmentIds: attachments.map((attachment) => attachment.id) },
      },
      {
        onSuccess: () => {
          toast.success(t('conversation.sent'));
          setAttachments([]);
          reset();
        },
      },
    );
  });
  const failure = send.error;
  const reopenRefused =
    failure instanceof ApiError &&
    (failure.type === 'conflict' || failure.type === 'open_ticket_exists');

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-border pt-4">
      {side === 'author' && ticket.status === 'closed' && (
        <p className="text-sm text-muted">{t('conversation.reopenHint')}</p>
      )}
      <Field label={t('conversation.reply')} error={translateFieldError(errors.message, tCore)}>
        {(control) => (
          <Textarea
            {...control}
            dir="auto"
            rows={3}
            {...register('message')}
            maxLength={TICKET_MESSAGE_MAX}
            className="resize-y"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center gap-1 rounded-lg border border-border px-3 py-1.5 text-sm text-fg hover:bg-surface-2 focus-within:ring-2 focus-within:ring-primary">
          <Paperclip aria-hidden className="size-4" />
          {t('conversation.attach')}
          <input
            type="file"
            multiple
            accept={TICKET_ATTACHMENT_TYPES.join(',')}
            className="sr-only"
            disabled={attachments.length >= TICKET_ATTACHMENTS_PER_MESSAGE || upload.isPending}
            onChange={(event) => {
              const input = event.currentTarget;
              void addFiles(input.files).finally(() => {
                input.value = '';
              });
            }}
          />
        </label>
        <span className="text-xs text-muted">{t('conversation.attachHint')}</span>
        {upload.isPending && <Spinner />}
      </div>
      {attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('conversation.attachments')}>
          {attachments.map((attachment) => (
            <li
              key={attachment.id}
              className="inline-flex items-center gap-1 rounded border border-border px-2 py-1 text-xs"
            >
              <bdi>{attachment.name}</bdi>
              <button
                type="button"
                aria-label={t('conversation.remove', { name: attachment.name })}
                onClick={() => setAttachments((list) => list.filter((a) => a.id !== attachment.id))}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {side === 'admin' && (
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
      )}
      {failure &&
        (reopenRefused ? (
          <Alert>{describeApiError(failure, tCore)}</Alert>
        ) : (
          <Alert title={t('respond.failed')}>{describeApiError(failure, tCore)}</Alert>
        ))}
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending}>
          {t('conversation.send')}
        </Button>
      </div>
    </form>
  );
}
