import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetPasswordRequestSchema } from '@keymarket/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useResetPassword } from '../api/password-reset';

/**
 * Sets a new password from the emailed link's token, with the signup rules (the contract's
 * schema). Success signed every session out, so the next step is the sign-in page.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public', { useSuspense: true });
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(resetPasswordRequestSchema, {
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit((body) => reset.mutate(body, { onError: showServerErrors }));

  if (!token) return <Alert>{tp('passwordReset.missingToken')}</Alert>;
  if (reset.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-success/15 text-success">
          <CircleCheck aria-hidden className="size-7" />
        </span>
        <h2 className="text-lg font-semibold text-fg">{tp('passwordReset.doneTitle')}</h2>
        <p className="text-sm text-muted">{tp('passwordReset.doneBody')}</p>
        <Link to="/login" className={buttonStyles({ variant: 'primary' })}>
          {t('auth.login.submit')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={tp('passwordReset.newPassword')}
        hint={t('auth.signup.passwordHint')}
        error={translateFieldError(errors.newPassword, t)}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...register('newPassword')}
            autoComplete="new-password"
            autoFocus
          />
        )}
      </Field>
      <Field
        label={t('auth.signup.confirmPassword')}
        error={translateFieldError(errors.confirmPassword, t)}
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...register('confirmPassword')}
            autoComplete="new-password"
          />
        )}
      </Field>
      {(errors.token || reset.isError) && (
        <Alert>
          {errors.token ? translateFieldError(errors.token, t) : describeApiError(reset.error, t)}
        </Alert>
      )}
      <Button type="submit" loading={reset.isPending} className="mt-2 w-full">
        {tp('passwordReset.submit')}
      </Button>
    </form>
  );
}
