import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  UPSTREAM_NAME_MAX,
  updateUpstreamSchema,
  type Upstream,
  type UpdateUpstreamInput,
} from '@keymarket/contracts/upstreams';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { numberOrNull } from '@/lib/number-or-null';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useUpdateUpstream } from '../api/update-upstream';
import { LowBalanceAlertField } from './low-balance-alert-field';
import { UpstreamFormDialog } from './upstream-form-dialog';

/** A supplier's name and low-balance alert. Its address and API key stay as they are. */
export function EditUpstreamDialog({
  upstream,
  onClose,
}: {
  upstream: Upstream;
  onClose: () => void;
}) {
  const { t } = useTranslation('suppliers');
  const { t: tCore } = useTranslation();
  const update = useUpdateUpstream();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(updateUpstreamSchema, {
    defaultValues: { name: upstream.name, lowBalanceAlert: upstream.lowBalanceAlert },
  });
  const issue = (key: keyof UpdateUpstreamInput) => translateFieldError(errors[key], tCore);

  const onSubmit = handleSubmit((changes) => {
    update.mutate(
      { id: upstream.id, changes },
      {
        onSuccess: () => {
          toast.success(t('edit.saved'));
          onClose();
        },
        onError: (error) => {
          if (!showServerErrors(error)) toast.error(describeApiError(error, tCore));
        },
      },
    );
  });

  return (
    <UpstreamFormDialog
      title={t('edit.title')}
      description={t('edit.text')}
      submitLabel={t('edit.submit')}
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Field label={t('add.name')} error={issue('name')}>
        {(control) => <Input {...control} {...register('name')} maxLength={UPSTREAM_NAME_MAX} />}
      </Field>
      <LowBalanceAlertField
        registration={register('lowBalanceAlert', { setValueAs: numberOrNull })}
        error={issue('lowBalanceAlert')}
      />
    </UpstreamFormDialog>
  );
}
