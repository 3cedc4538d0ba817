import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { allowedIpsTextSchema, useServerAddressError } from './allowed-ips';
import { AllowedIpsField } from './allowed-ips-field';

// The contract's body, with the addresses typed as text (one a line) and turned into its list.
const createFormSchema = z.object({
  name: createApiKeySchema.shape.name,
  allowedIps: allowedIpsTextSchema,
});

type CreateApiKeyFormProps = { onCreated: (created: CreatedApiKey) => void };

export function CreateApiKeyForm({ onCreated }: CreateApiKeyFormProps) {
  const { t } = useTranslation('integration');
  const { t: tCore } = useTranslation();
  const createMutation = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createFormSchema, { defaultValues: { name: '', allowedIps: '' } });
  const refusedAddress = useServerAddressError(setError);

  const onSubmit = handleSubmit(({ name, allowedIps }) => {
    refusedAddress.forget();
    // No addresses: the key works from anywhere, as one made before they existed.
    const body = allowedIps.length > 0 ? { name, allowedIps } : { name };
    createMutation.mutate(body, {
      onSuccess: (created) => {
        reset();
        onCreated(created);
      },
      onError: (error) => {
        const placed = refusedAddress.show(error);
        if (showServerErrors(error) || placed) return;
        toast.error(t('createFailed'), { description: describeApiError(error, tCore) });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Field
          label={t('name')}
          hint={t('nameHint')}
          error={translateFieldError(errors.name, tCore)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('name')}
              maxLength={API_KEY_NAME_MAX}
              autoComplete="off"
            />
          )}
        </Field>
        <AllowedIpsField
          registration={register('allowedIps', { onChange: refusedAddress.forget })}
          error={errors.allowedIps}
          text={watch('allowedIps')}
          serverIndex={refusedAddress.serverIndex}
        />
      </div>
      <div>
        <Button type="submit" loading={createMutation.isPending}>
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
