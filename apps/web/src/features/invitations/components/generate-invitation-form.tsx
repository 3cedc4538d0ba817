import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  EXPIRY_DAYS_MAX,
  EXPIRY_DAYS_MIN,
  generateInvitationRequestSchema,
  grantableRoleSchema,
  type Invitation,
} from '@keymarket/contracts/invitations';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useGenerateInvitation } from '../api/generate-invitation';
import { LatestInvitation } from './latest-invitation';

type GenerateInvitationFormProps = {
  /** Only an admin may hand out manager accounts (DESIGN.md §3). */
  canGrantManager: boolean;
};

export function GenerateInvitationForm({ canGrantManager }: GenerateInvitationFormProps) {
  const { t } = useTranslation();
  const generateMutation = useGenerateInvitation();
  const [latest, setLatest] = useState<Invitation | null>(null);
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(generateInvitationRequestSchema, {
    defaultValues: { expiryDays: EXPIRY_DAYS_MAX, role: 'reseller' },
  });

  const onSubmit = handleSubmit((request) => {
    generateMutation.mutate(request, {
      onSuccess: (invitation) => {
        setLatest(invitation);
        toast.success(t('invitations.generated', { code: invitation.code }));
      },
      onError: (error) => {
        if (showServerErrors(error)) return;
        toast.error(t('messages.failedToGenerateCode'), {
          description: describeApiError(error, t),
        });
      },
    });
  });

  return (
    <Card title={t('invitations.form.title')}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid items-start gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]"
      >
        <Field
          label={t('invitations.form.expiryDays')}
          hint={t('invitations.form.expiryHint')}
          error={translateFieldError(errors.expiryDays, t)}
        >
          {(control) => (
            <Input
              {...control}
              {...register('expiryDays', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={EXPIRY_DAYS_MIN}
              max={EXPIRY_DAYS_MAX}
              step={1}
            />
          )}
        </Field>
        {canGrantManager && (
          <Field label={t('invitations.form.role')} error={translateFieldError(errors.role, t)}>
            {(control) => (
              <Select {...control} {...register('role')}>
                {grantableRoleSchema.options.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {/* Lined up with the inputs, below their labels. */}
        <Button type="submit" loading={generateMutation.isPending} className="w-full sm:mt-6.5">
          {t('invitations.form.submit')}
        </Button>
      </form>
      {latest && <LatestInvitation invitation={latest} />}
    </Card>
  );
}
