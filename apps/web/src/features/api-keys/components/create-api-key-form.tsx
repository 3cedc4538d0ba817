import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  API_KEY_NAME_MAX,
  createApiKeySchema,
  type CreatedApiKey,
} from '@keymarket/contracts/integration';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateApiKey } from '../api/create-api-key';

type CreateApiKeyFormProps = { onCreated: (created: CreatedApiKey) => void };

export function CreateApiKeyForm({ onCreated }: CreateApiKeyFormProps) {
  const { t } = useTranslation('integration');
  const { t: tCore } = useTranslation();
  const createMutation = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createApiKeySchema, { defaultValues: { name: '' } });

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
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_auto]"
    >
      <Field label={t('name')} hint={t('nameHint')} error={translateFieldError(errors.name, tCore)}>
        {(control) => (
          <Input
            {...control}
            {...register('name')}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      {/* Lined up with the input, below its label. */}
      <Button type="submit" loading={createMutation.isPending} className="w-full sm:mt-6.5">
        {t('create')}
      </Button>
    </form>
  );
}
