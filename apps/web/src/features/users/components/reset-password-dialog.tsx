import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import { resetPasswordSchema, type UserSummary } from '@keymarket/contracts/users-admin';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useResetUserPassword } from '../api/reset-user-password';

// The server takes the new password alone; typing it twice guards the admin against a typo that
// would lock the user out.
const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

type ResetPasswordDialogProps = { user: UserSummary | null; onClose: () => void };

export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('resetPassword.title')}
      description={user ? t('resetPassword.description', { name: user.username }) : ''}
    >
      {user && <ResetPasswordForm user={user} onClose={onClose} />}
    </Dialog>
  );
}

function ResetPasswordForm({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const reset = useResetUserPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) =>
    reset.mutate(
      { userId: user.id, body: { newPassword } },
      {
        onSuccess: () => {
          toast.success(t('resetPassword.success', { name: user.username }));
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
      <NewPasswordFields register={register} errors={errors} />
      {reset.isError && (
        <Alert title={t('resetPassword.failed')}>{describeApiError(reset.error, tCore)}</Alert>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCore('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
