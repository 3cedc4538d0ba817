import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { ApiKey } from '@keymarket/contracts/integration';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useUpdateApiKey } from '../api/update-api-key';
import { addressesText, allowedIpsTextSchema, useServerAddressError } from './allowed-ips';
import { AllowedIpsField } from './allowed-ips-field';

// `PATCH /api-keys/{id}`'s body, with the addresses typed as text (one a line).
const editSchema = z.object({ allowedIps: allowedIpsTextSchema });

type EditApiKeyDialogProps = { apiKey: ApiKey | null; onClose: () => void };

/** Where an active key may be used from: its addresses and ranges, or anywhere. */
export function EditApiKeyDialog({ apiKey, onClose }: EditApiKeyDialogProps) {
  const { t } = useTranslation('integration');
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('editAddressesTitle', { name: apiKey?.name ?? '' })}
      description={t('editAddressesDescription')}
    >
      {/* Mounted per key, so the form starts from that key's addresses. */}
      {apiKey && <EditApiKeyForm key={apiKey.id} apiKey={apiKey} onClose={onClose} />}
    </Dialog>
  );
}

function EditApiKeyForm({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('integration');
  const { t: tCore } = useTranslation();
  const updateMutation = useUpdateApiKey();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    showServerErrors,
    formState: { errors },
  } = useContractForm(editSchema, {
    defaultValues: { allowedIps: addressesText(apiKey.allowedIps) },
  });
  const refusedAddress = useServerAddressError(setError);

  const onSubmit = handleSubmit(({ allowedIps }) => {
    refusedAddress.forget();
    updateMutation.mutate(
      { id: apiKey.id, allowedIps },
      {
        onSuccess: () => {
          toast.success(t('addressesSaved', { name: apiKey.name }));
          onClose();
        },
        onError: (error) => {
          refusedAddress.show(error);
          showServerErrors(error);
        },
      },
    );
  });
  // A refusal no field shows (a key revoked meanwhile, a failed call) is said above the buttons.
  const unplaced = updateMutation.error && !errors.allowedIps ? updateMutation.error : null;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
      <AllowedIpsField
        registration={register('allowedIps', { onChange: refusedAddress.forget })}
        error={errors.allowedIps}
        text={watch('allowedIps')}
        serverIndex={refusedAddress.serverIndex}
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
