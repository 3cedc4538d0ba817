import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createWebhookSchema,
  WEBHOOK_DESCRIPTION_MAX,
  type CreatedWebhook,
} from '@keymarket/contracts/integration';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateWebhook } from '../api/create-webhook';
import { EventCheckboxes } from './event-checkboxes';
import { arrayFieldError } from './form-errors';
import { WebhookUrlField } from './webhook-url-field';

type CreateWebhookFormProps = { onCreated: (created: CreatedWebhook) => void };

export function CreateWebhookForm({ onCreated }: CreateWebhookFormProps) {
  const { t } = useTranslation('webhooks');
  const { t: tCore } = useTranslation();
  const createMutation = useCreateWebhook();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createWebhookSchema, {
    defaultValues: { url: '', events: [], description: '' },
  });

  const onSubmit = handleSubmit((input) => {
    createMutation.mutate(input, {
      onSuccess: (created) => {
        reset();
        onCreated(created);
      },
      onError: (error) => {
        if (showServerErrors(error)) return;
        toast.error(t('createFailed'), { description: describeApiError(error, tCore) });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <WebhookUrlField registration={register('url')} error={errors.url} withHint />
        <Field
          label={t('description')}
          hint={t('descriptionHint')}
          error={translateFieldError(errors.description, tCore)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('description')}
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <EventCheckboxes
        registration={register('events')}
        error={translateFieldError(arrayFieldError(errors.events), tCore)}
      />
      <div>
        <Button type="submit" loading={createMutation.isPending}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
