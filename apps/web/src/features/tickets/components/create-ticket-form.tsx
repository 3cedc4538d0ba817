import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createTicketSchema,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  type Ticket,
} from '@keymarket/contracts/tickets';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateTicket } from '../api/create-ticket';

type CreateTicketFormProps = {
  /**
   * The caller's ticket that is not closed yet, when it has one: the server refuses a second,
   * so the form says so up front and stays shut instead of refusing what the user wrote.
   */
  unclosedTicket?: Ticket | null;
};

/** Opens a support ticket; the server allows one that is not closed per user. */
export function CreateTicketForm({ unclosedTicket = null }: CreateTicketFormProps) {
  const { t } = useTranslation('tickets');
  const { t: tCore } = useTranslation();
  const createMutation = useCreateTicket();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createTicketSchema, {
    defaultValues: { subject: '', message: '' },
  });

  const onSubmit = handleSubmit((ticket) => {
    createMutation.mutate(ticket, {
      onSuccess: () => {
        reset();
        toast.success(t('form.created'));
      },
      onError: (error) => {
        showServerErrors(error);
      },
    });
  });

  const refusal = createMutation.error;
  const openTicketExists = refusal instanceof ApiError && refusal.type === 'open_ticket_exists';

  return (
    <Card title={t('form.title')} description={t('form.description')}>
      {unclosedTicket && (
        // A note, not an error: nothing went wrong yet, and it is read with the form's heading.
        <div
          role="note"
          data-testid="unclosed-ticket"
          className="mb-4 flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-fg"
        >
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{tCore('messages.openTicketExists')}</p>
            <p className="text-muted">
              {t('form.openTicket')} <bdi dir="auto">{unclosedTicket.subject}</bdi>
            </p>
          </div>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={unclosedTicket !== null} className="flex flex-col gap-4">
          <Field
            label={t('form.subject')}
            hint={t('form.subjectHint')}
            error={translateFieldError(errors.subject, tCore)}
          >
            {(control) => (
              <Input
                {...control}
                {...register('subject')}
                dir="auto"
                maxLength={TICKET_SUBJECT_MAX}
              />
            )}
          </Field>
          <Field
            label={t('form.message')}
            hint={t('form.messageHint')}
            error={translateFieldError(errors.message, tCore)}
          >
            {(control) => (
              <Textarea
                {...control}
                {...register('message')}
                dir="auto"
                rows={5}
                maxLength={TICKET_MESSAGE_MAX}
                className="resize-y"
              />
            )}
          </Field>
          {refusal &&
            (openTicketExists ? (
              // The specification's own words; the one refusal a user meets in normal use.
              <Alert>{tCore('messages.openTicketExists')}</Alert>
            ) : (
              <Alert title={tCore('messages.failedToCreateTicket')}>
                {describeApiError(refusal, tCore)}
              </Alert>
            ))}
          <div className="flex justify-end">
            <Button type="submit" loading={createMutation.isPending}>
              {t('form.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
