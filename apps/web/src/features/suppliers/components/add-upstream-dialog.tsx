import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createUpstreamSchema,
  UPSTREAM_API_KEY_MAX,
  UPSTREAM_NAME_MAX,
  UPSTREAM_URL_MAX,
  type CreateUpstreamInput,
} from '@keymarket/contracts/upstreams';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { numberOrNull } from '@/lib/number-or-null';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateUpstream } from '../api/create-upstream';
import { LowBalanceAlertField } from './low-balance-alert-field';
import { UpstreamFormDialog } from './upstream-form-dialog';

/**
 * Adds a supplier: its address, the API key it gave this platform (sealed, never shown again) and
 * the balance there below which admins are told.
 */
export function AddUpstreamDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('suppliers');
  const { t: tCore } = useTranslation();
  const create = useCreateUpstream();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(createUpstreamSchema, {
    defaultValues: { name: '', baseUrl: '', apiKey: '', lowBalanceAlert: null },
  });
  const issue = (key: keyof CreateUpstreamInput) => translateFieldError(errors[key], tCore);

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (added) => {
        if (added.status === 'ok') toast.success(t('add.added'));
        else toast.warning(t('add.addedFailing', { error: added.lastError ?? '' }));
        onClose();
      },
      onError: (error) => {
        if (!showServerErrors(error)) toast.error(describeApiError(error, tCore));
      },
    });
  });

  return (
    <UpstreamFormDialog
      title={t('add.title')}
      description={t('add.text')}
      submitLabel={t('add.submit')}
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Field label={t('add.name')} error={issue('name')}>
        {(control) => <Input {...control} {...register('name')} maxLength={UPSTREAM_NAME_MAX} />}
      </Field>
      <Field label={t('add.baseUrl')} hint={t('add.baseUrlHint')} error={issue('baseUrl')}>
        {(control) => (
          <Input
            {...control}
            {...register('baseUrl')}
            dir="ltr"
            inputMode="url"
            placeholder="https://supplier.example"
            maxLength={UPSTREAM_URL_MAX}
          />
        )}
      </Field>
      <Field label={t('add.apiKey')} hint={t('add.apiKeyHint')} error={issue('apiKey')}>
        {(control) => (
          <Input
            {...control}
            {...register('apiKey')}
            dir="ltr"
            type="password"
            autoComplete="off"
            maxLength={UPSTREAM_API_KEY_MAX}
          />
        )}
      </Field>
      <LowBalanceAlertField
        registration={register('lowBalanceAlert', { setValueAs: numberOrNull })}
        error={issue('lowBalanceAlert')}
      />
    </UpstreamFormDialog>
  );
}
