import type { FieldError, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { translateFieldError } from '@/lib/translate-error';

/** The current password, confirming a change of one's own password or email. */
export function CurrentPasswordField({
  register,
  error,
  hint,
}: {
  register: UseFormRegister<{ currentPassword: string }>;
  error: FieldError | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('profile.password.currentPassword')}
      hint={hint}
      error={translateFieldError(error, t)}
    >
      {(control) => (
        <PasswordInput
          {...control}
          {...register('currentPassword')}
          autoComplete="current-password"
        />
      )}
    </Field>
  );
}
