import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import type { User } from '@keymarket/contracts/users';
import { updateMeSchema } from '@keymarket/contracts/users-admin';
import { CurrentPasswordField } from '@/components/current-password-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';

// The fields and rules of the contract's updateMeSchema (updateUserSchema's, and the current
// password). The form shows all four values and sends only the changed ones, so each is required
// here; a blank phone or password reads as "not given", which the contract's optional allows.
const contract = updateMeSchema.shape;
const blankAsMissing = (raw: string) => (raw.trim() === '' ? undefined : raw);
const userInfoSchema = z.object({
  firstName: contract.firstName.unwrap(),
  lastName: contract.lastName.unwrap(),
  email: contract.email.unwrap(),
  // May stay empty only when there was none (the first admin has none): checked on submit.
  phone: z.string().transform(blankAsMissing).pipe(contract.phone),
  // Asked for only when the email changes on one's own profile.
  currentPassword: z.string().transform(blankAsMissing).pipe(contract.currentPassword),
});

export type UserInfoChanges = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'phone' | 'currentPassword', string>
>;
const userInfoFields = ['firstName', 'lastName', 'email', 'phone'] as const;

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
  const initial = {
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
    showServerErrors,
    formState: { errors, isSubmitting },
  } = useContractForm(userInfoSchema, { defaultValues: initial });
  const isNewEmail = (email: string) => email.trim().toLowerCase() !== initial.email.toLowerCase();
  const asksPassword = confirmEmailWithPassword && isNewEmail(watch('email'));

  const submit = handleSubmit(async (values) => {
    const phone = values.phone ?? '';
    if (phone === '' && initial.phone !== '') {
      setError('phone', { type: 'custom', message: messages.phoneInvalid });
      return;
    }
    const edited = { ...values, phone };
    const changes: UserInfoChanges = Object.fromEntries(
      userInfoFields
        .filter((name) => edited[name] !== initial[name])
        .map((name) => [name, edited[name]]),
    );
    // Nothing changed: closing is the honest answer, the server would refuse an empty edit.
    if (Object.keys(changes).length === 0) return onCancel();
    if (asksPassword) {
      if (values.currentPassword === undefined) {
        setError('currentPassword', { type: 'custom', message: messages.passwordRequired });
        return;
      }
      changes.currentPassword = values.currentPassword;
    }
    setFailure(null);
    try {
      await save(changes);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(error);
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
