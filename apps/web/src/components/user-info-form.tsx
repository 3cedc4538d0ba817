import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, nameSchema, PASSWORD_MAX, phoneSchema } from '@keymarket/contracts/auth';
import { messages } from '@keymarket/contracts/messages';
import type { User } from '@keymarket/contracts/users';
import { CurrentPasswordField } from '@/components/current-password-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  applyServerFieldErrors,
  describeApiError,
  translateFieldError,
} from '@/lib/translate-error';

// The rules of the contracts' updateUserSchema. The form shows all four values and sends only
// the changed ones. A phone may stay empty only when there was none (the first admin has none).
const userInfoSchema = z.object({
  firstName: nameSchema(messages.firstNameRequired),
  lastName: nameSchema(messages.lastNameRequired),
  email: emailSchema,
  phone: z
    .string()
    .refine((raw) => raw.trim() === '' || phoneSchema.safeParse(raw).success, messages.phoneInvalid)
    .transform((raw) => (raw.trim() === '' ? '' : phoneSchema.parse(raw))),
  // Asked for only when the email changes on one's own profile (updateMeSchema).
  currentPassword: z.string().max(PASSWORD_MAX),
});

export type UserInfo = z.output<typeof userInfoSchema>;
export type UserInfoChanges = Partial<UserInfo>;
const userInfoFields = ['firstName', 'lastName', 'email', 'phone'] as const;
const serverFields = [...userInfoFields, 'currentPassword'] as const;

type UserInfoFormProps = {
  user: Pick<User, 'firstName' | 'lastName' | 'email' | 'phone'>;
  submitLabel: string;
  /** Sends the fields whose value changed; a refusal is shown under its field, or above the buttons. */
  save: (changes: UserInfoChanges) => Promise<unknown>;
  /** The title of the refusal that concerns no field. */
  failureTitle: string;
  onSaved: () => void;
  onCancel: () => void;
  /** One's own profile: a new email is confirmed with the current password. */
  confirmEmailWithPassword?: boolean;
};

/** Names, email and phone: the admin's Edit dialog and the profile's own edit use the same rules. */
export function UserInfoForm({
  user,
  submitLabel,
  save,
  failureTitle,
  onSaved,
  onCancel,
  confirmEmailWithPassword = false,
}: UserInfoFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const initial: UserInfo = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    currentPassword: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(userInfoSchema), defaultValues: initial });
  const isNewEmail = (email: string) => email.trim().toLowerCase() !== initial.email.toLowerCase();
  const asksPassword = confirmEmailWithPassword && isNewEmail(watch('email'));

  const submit = handleSubmit(async (values) => {
    if (values.phone === '' && initial.phone !== '') {
      setError('phone', { type: 'custom', message: messages.phoneInvalid });
      return;
    }
    const changes: UserInfoChanges = Object.fromEntries(
      userInfoFields
        .filter((name) => values[name] !== initial[name])
        .map((name) => [name, values[name]]),
    );
    // Nothing changed: closing is the honest answer, the server would refuse an empty edit.
    if (Object.keys(changes).length === 0) return onCancel();
    if (asksPassword) {
      if (values.currentPassword === '') {
        setError('currentPassword', { type: 'custom', message: messages.passwordRequired });
        return;
      }
      changes.currentPassword = values.currentPassword;
    }
    setFailure(null);
    try {
      await save(changes);
    } catch (error) {
      if (!applyServerFieldErrors(error, serverFields, setError)) setFailure(error);
      return;
    }
    onSaved();
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.firstName')} error={translateFieldError(errors.firstName, t)}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="given-name" />}
        </Field>
        <Field label={t('profile.lastName')} error={translateFieldError(errors.lastName, t)}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="family-name" />}
        </Field>
      </div>
      <Field label={t('profile.email')} error={translateFieldError(errors.email, t)}>
        {(control) => (
          <Input {...control} {...register('email')} type="email" dir="ltr" autoComplete="email" />
        )}
      </Field>
      {asksPassword && (
        <CurrentPasswordField
          register={register}
          error={errors.currentPassword}
          hint={t('profile.emailPasswordHint')}
        />
      )}
      <Field
        label={t('profile.phone')}
        hint={t('auth.signup.phoneHint')}
        error={translateFieldError(errors.phone, t)}
      >
        {(control) => (
          <Input {...control} {...register('phone')} type="tel" dir="ltr" autoComplete="tel" />
        )}
      </Field>
      {failure !== null && <Alert title={failureTitle}>{describeApiError(failure, t)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
