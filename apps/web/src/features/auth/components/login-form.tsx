import { useState, type FormEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@keymarket/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-error';
import { safeRedirectPath } from '@/lib/redirect';
import { useSystemSettings } from '@/entities/system-settings/api/get-system-settings';
import { fieldErrorsOf } from '@/lib/schema-errors';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useLogin } from '../api/login';

type LoginErrors = Partial<Record<keyof LoginRequest, FieldError>>;

/**
 * The one form outside useContractForm, for a measured reason: its two fields are validated with
 * the contract schema directly, because react-hook-form and its zod resolver weigh 13.6 KB gzip
 * (bundled and minified with esbuild, zod and React left out) and the login page already loads
 * 169.5 KB of its 170 KB budget (e2e/tests/budgets.spec.ts), for no behaviour this form needs.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  // Only when the server sends email: otherwise there is no way to send a reset link.
  const passwordReset = useSystemSettings().data?.passwordReset === true;
  const [errors, setErrors] = useState<LoginErrors>({});
  // Accounts with two-factor sign-in answer `two_factor_required` to the password alone; the
  // form then asks for the app's code and sends all three.
  const [needsCode, setNeedsCode] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginRequestSchema.safeParse({
      identifier: form.get('identifier'),
      password: form.get('password'),
      ...(needsCode ? { totpCode: form.get('totpCode') } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<keyof LoginRequest>(parsed.error));
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: () => {
        const target = safeRedirectPath(searchParams.get('redirect')) ?? '/';
        void navigate(target, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.type === 'two_factor_required') setNeedsCode(true);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('auth.login.identifier')} error={translateFieldError(errors.identifier, t)}>
        {(control) => <Input {...control} name="identifier" autoComplete="username" autoFocus />}
      </Field>
      <Field label={t('auth.login.password')} error={translateFieldError(errors.password, t)}>
        {(control) => (
          <PasswordInput {...control} name="password" autoComplete="current-password" />
        )}
      </Field>
      {passwordReset && (
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-sm font-medium text-accent hover:underline"
        >
          {t('auth.login.forgotLink')}
        </Link>
      )}
      {needsCode && (
        <Field
          label={t('auth.login.totpCode')}
          hint={t('auth.login.totpCodeHint')}
          error={translateFieldError(errors.totpCode, t)}
        >
          {(control) => (
            <Input
              {...control}
              name="totpCode"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              dir="ltr"
              autoFocus
              className="font-mono tracking-[0.3em]"
            />
          )}
        </Field>
      )}
      {loginMutation.isError && <Alert>{describeApiError(loginMutation.error, t)}</Alert>}
      <Button type="submit" loading={loginMutation.isPending} className="mt-2 w-full">
        {t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t('auth.login.noAccount')}{' '}
        <Link to="/signup" className="font-medium text-accent hover:underline">
          {t('auth.login.signupLink')}
        </Link>
      </p>
    </form>
  );
}
