import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changePasswordRequestSchema } from '@keymarket/contracts/auth';
import { Button } from '@/components/ui/button';
import { CurrentPasswordField } from '@/components/current-password-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Card } from '@/components/ui/card';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePasswordMutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    formState: { errors },
  } = useContractForm(changePasswordRequestSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((passwords) => {
    changePasswordMutation.mutate(passwords, {
      onSuccess: () => {
        reset();
        toast.success(t('profile.password.success'));
      },
      onError: (error) => {
        if (showServerErrors(error)) return;
        toast.error(t('messages.failedToUpdatePassword'), {
          description: describeApiError(error, t),
        });
      },
    });
  });

  return (
    <Card title={t('profile.password.title')} description={t('profile.password.hint')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <CurrentPasswordField register={register} error={errors.currentPassword} />
        <NewPasswordFields register={register} errors={errors} />
        <Button type="submit" loading={changePasswordMutation.isPending} className="self-start">
          {t('profile.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
