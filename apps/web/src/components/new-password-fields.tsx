import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { translateFieldError } from '@/lib/translate-error';

type NewPassword = { newPassword: string; confirmPassword: string };

/** A new password typed twice, with the password rules as its hint (own change and admin reset). */
export function NewPasswordFields({
  register,
  errors,
}: {
  register: UseFormRegister<NewPassword>;
  errors: FieldErrors<NewPassword>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('profile.password.newPassword')}
        hint={t('profile.password.newPasswordHint')}
        error={translateFieldError(errors.newPassword, t)}
      >
        {(control) => (
          <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />
        )}
      </Field>
      <Field
        label={t('profile.password.confirmPassword')}
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
    </>
  );
}
