import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createWebhookSchema, type Webhook } from '@keymarket/contracts/integration';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useUpdateWebhook } from '../api/update-webhook';
import { EventCheckboxes } from './event-checkboxes';
import { arrayFieldError } from './form-errors';
import { WebhookUrlField } from './webhook-url-field';

// What the dialog edits: the URL (checked again by the server's guard) and the events.
const editSchema = createWebhookSchema.pick({ url: true, events: true });

type EditWebhookDialogProps = { webhook: Webhook | null; onClose: () => void };

export function EditWebhookDialog({ webhook, onClose }: EditWebhookDialogProps) {
  const { t } = useTranslation('webhooks');
  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('editTitle')}
      description={t('editDescription')}
      size="lg"
    >
      {/* Mounted per webhook, so the form starts from that webhook's values. */}
      {webhook && <EditWebhookForm key={webhook.id} webhook={webhook} onClose={onClose} />}
    </Dialog>
  );
}

function EditWebhookForm({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const { t: tCore } = useTranslation();
  const updateMutation = useUpdateWebhook();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(editSchema, {
    defaultValues: { url: webhook.url, events: webhook.events },
  });

  const onSubmit = handleSubmit((input) => {
    updateMutation.mutate(
      { id: webhook.id, ...input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          onClose();
        },
        onError: (error) => void showServerErrors(error),
      },
    );
  });
  const unplaced =
    updateMutation.error && !errors.url && !errors.events ? updateMutation.error : null;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
      <WebhookUrlField registration={register('url')} error={errors.url} />
      <EventCheckboxes
        registration={register('events')}
        error={translateFieldError(arrayFieldError(errors.events), tCore)}
      />
      {unplaced && <Alert>{describeApiError(unplaced, tCore)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" loading={updateMutation.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
