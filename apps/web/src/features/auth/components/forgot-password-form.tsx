import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema } from '@keymarket/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useForgotPassword } from '../api/password-reset';

/**
 * Asks for a reset link. The answer is the same whether the account exists or not, so the
 * screen says "if an account matches" and never more.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('public', { useSuspense: true });
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(forgotPasswordRequestSchema, { defaultValues: { identifier: '' } });
  const onSubmit = handleSubmit((body) => forgot.mutate(body, { onError: showServerErrors }));

  if (forgot.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-2 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-accent/15 text-accent">
          <MailCheck aria-hidden className="size-7" />
        </span>
        <h2 className="text-lg font-semibold text-fg">{tp('passwordReset.sentTitle')}</h2>
        <p className="text-sm text-muted">{tp('passwordReset.sentBody')}</p>
        <Link to="/login" className="text-sm font-medium text-accent hover:underline">
          {t('auth.pending.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.login.identifier')} error={translateFieldError(errors.identifier, t)}>
        {(control) => (
          <Input {...control} {...register('identifier')} autoComplete="username" autoFocus />
        )}
      </Field>
      {forgot.isError && <Alert>{describeApiError(forgot.error, t)}</Alert>}
      <Button type="submit" loading={forgot.isPending} className="mt-2 w-full">
        {tp('passwordReset.send')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-accent hover:underline">
          {t('auth.pending.backToLogin')}
        </Link>
      </p>
    </form>
  );
}
