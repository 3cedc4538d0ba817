import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BAN_REASON_MAX, banUserSchema, type UserSummary } from '@keymarket/contracts/users-admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useBanUser } from '../api/ban-user';

type BanUserDialogProps = { user: UserSummary | null; onClose: () => void };

/** A ban needs a reason: the user reads it when it next tries to sign in. */
export function BanUserDialog({ user, onClose }: BanUserDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('ban.title')}
      description={user ? t('ban.description', { name: user.username }) : ''}
    >
      {user && <BanForm user={user} onClose={onClose} />}
    </Dialog>
  );
}

function BanForm({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const ban = useBanUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(banUserSchema, { defaultValues: { reason: '' } });

  const submit = handleSubmit((body) => {
    ban.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          toast.success(t('ban.success', { name: user.username }));
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <Field
        label={t('ban.reason')}
        hint={t('ban.reasonHint')}
        // The only rule a typed reason can break is being empty (the field caps its length).
        error={errors.reason && t('ban.reasonRequired')}
      >
        {(control) => (
          <Textarea {...control} rows={3} {...register('reason')} maxLength={BAN_REASON_MAX} />
        )}
      </Field>
      {ban.isError && <Alert title={t('ban.failed')}>{describeApiError(ban.error, tCore)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={ban.isPending}>
          {t('ban.submit')}
        </Button>
      </div>
    </form>
  );
}
