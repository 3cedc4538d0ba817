import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changePasswordRequestSchema } from '@keymarket/contracts/auth';
import { Button } from '@/components/ui/button';
import { CurrentPasswordField } from '@/components/current-password-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Card } from '@/components/ui/card';
import { applyServerFieldErrors, describeApiError } from '@/lib/translate-error';
import { useChangePassword } from '../api/change-password';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePasswordMutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((passwords) => {
    changePasswordMutation.mutate(passwords, {
      onSuccess: () => {
        reset();
        toast.success(t('profile.password.success'));
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, fieldNames, setError)) return;
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
