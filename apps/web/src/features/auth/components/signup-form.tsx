import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerRequestSchema, type RegisterRequest } from '@keymarket/contracts/auth';
import type { User } from '@keymarket/contracts/users';
import { PasswordRules } from '@/components/password-rules';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-error';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useRegister } from '../api/register';
import { PhoneField } from './phone-field';

type SignupFormProps = {
  /** Prefilled from the `?code=` of an invitation link. */
  inviteCode: string;
  onRegistered: (result: { user: User; pendingApproval: boolean }) => void;
};

export function SignupForm({ inviteCode, onRegistered }: SignupFormProps) {
  const { t } = useTranslation();
  const registerMutation = useRegister();
  const rulesId = useId();
  const {
    register,
    handleSubmit,
    showServerErrors,
    watch,
    control,
    formState: { errors },
  } = useContractForm(registerRequestSchema, {
    defaultValues: {
      username: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      inviteCode,
    },
  });

  // The phone is two boxes (country, national number) giving one value.
  const { field: phone } = useController({ control, name: 'phone' });

  // The server re-checks everything, uniqueness too, and answers per-field details.
  const onSubmit = handleSubmit((account) => {
    registerMutation.mutate(account, {
      onSuccess: onRegistered,
      onError: showServerErrors,
    });
  });

  // A 409 without field details can only be the invite code: unknown, expired, or just taken by
  // someone else (usernames and emails come back with details).
  function describeRegisterError(error: unknown): string {
    if (error instanceof ApiError && error.type === 'conflict' && !error.body.details) {
      return t('auth.signup.inviteCodeRejected');
    }
    return describeApiError(error, t);
  }

  const errorOf = (name: keyof RegisterRequest) => translateFieldError(errors[name], t);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.signup.username')} error={errorOf('username')}>
        {(control) => (
          <Input {...control} {...register('username')} autoComplete="username" autoFocus />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('auth.signup.firstName')} error={errorOf('firstName')}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
        </Field>
        <Field label={t('auth.signup.lastName')} error={errorOf('lastName')}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
        </Field>
      </div>
      <Field label={t('auth.signup.email')} error={errorOf('email')}>
        {(control) => (
          <Input {...control} {...register('email')} type="email" autoComplete="email" dir="ltr" />
        )}
      </Field>
      <Field
        label={t('auth.signup.phone')}
        hint={t('auth.signup.phoneHint')}
        error={errorOf('phone')}
      >
        {(fieldControl) => (
          <PhoneField
            control={fieldControl}
            onChange={phone.onChange}
            onBlur={phone.onBlur}
            inputRef={phone.ref}
          />
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <Field label={t('auth.signup.password')} error={errorOf('password')}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register('password')}
              aria-describedby={[control['aria-describedby'], rulesId].filter(Boolean).join(' ')}
              autoComplete="new-password"
            />
          )}
        </Field>
        <PasswordRules id={rulesId} password={watch('password')} />
      </div>
      <Field label={t('auth.signup.confirmPassword')} error={errorOf('confirmPassword')}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('confirmPassword')}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field
        label={t('auth.signup.inviteCode')}
        hint={t('auth.signup.inviteCodeHint')}
        error={errorOf('inviteCode')}
      >
        {(control) => (
          <Input
            {...control}
            {...register('inviteCode')}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            className="font-mono tracking-[0.2em] uppercase"
          />
        )}
      </Field>
      {registerMutation.isError && (
        <Alert title={t('messages.registrationFailed')}>
          {describeRegisterError(registerMutation.error)}
        </Alert>
      )}
      <Button type="submit" loading={registerMutation.isPending} className="mt-2 w-full">
        {t('auth.signup.submit')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t('auth.signup.haveAccount')}{' '}
        <Link to="/login" className="font-medium text-accent hover:underline">
          {t('auth.signup.loginLink')}
        </Link>
      </p>
    </form>
  );
}
