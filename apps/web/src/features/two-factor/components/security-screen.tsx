import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type TwoFactorSetup,
} from '@keymarket/contracts/two-factor';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

/** A code field shared by both forms: digits only, left to right even in Arabic. */
function CodeField({
  label,
  error,
  registration,
}: {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn<'code'>;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          dir="ltr"
          className="max-w-48 font-mono tracking-[0.3em]"
        />
      )}
    </Field>
  );
}

function EnableForm({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: tCore } = useTranslation();
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(enableTwoFactorSchema, { defaultValues: { code: '' } });
  const codeError = translateFieldError(errors.code, tCore);

  const onSubmit = handleSubmit((body) => {
    enable.mutate(body, {
      onSuccess: () => {
        toast.success(t('enabled'));
        onDone();
      },
      onError: showServerErrors,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('scan')}</p>
      <img
        src={setup.qrCodeDataUrl}
        alt={t('qrAlt')}
        width={200}
        height={200}
        className="rounded-lg bg-white p-2"
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-fg">{t('secretLabel')}</span>
        <code
          dir="ltr"
          className="w-fit rounded bg-surface-2 px-2 py-1 font-mono text-sm break-all"
        >
          {setup.secret}
        </code>
      </div>
      <CodeField label={t('code')} error={codeError} registration={register('code')} />
      {enable.isError && !codeError && <Alert>{describeApiError(enable.error, tCore)}</Alert>}
      <Button type="submit" loading={enable.isPending} className="w-fit">
        {t('confirm')}
      </Button>
    </form>
  );
}

function DisableForm() {
  const { t } = useTranslation('security');
  const { t: tCore } = useTranslation();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useContractForm(disableTwoFactorSchema, { defaultValues: { password: '', code: '' } });
  const codeError = translateFieldError(errors.code, tCore);
  const passwordError = translateFieldError(errors.password, tCore);

  const onSubmit = handleSubmit((body) => {
    disable.mutate(body, {
      onSuccess: () => toast.success(t('disabled')),
      onError: showServerErrors,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold text-fg">{t('disableTitle')}</h3>
      <p className="text-sm text-muted">{t('disableHint')}</p>
      <Field label={t('password')} error={passwordError}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('password')}
            autoComplete="current-password"
            className="max-w-sm"
          />
        )}
      </Field>
      <CodeField label={t('code')} error={codeError} registration={register('code')} />
      {disable.isError && !codeError && !passwordError && (
        <Alert>{describeApiError(disable.error, tCore)}</Alert>
      )}
      <Button type="submit" variant="danger" loading={disable.isPending} className="w-fit">
        {t('disable')}
      </Button>
    </form>
  );
}

/** Two-factor sign-in for the signed-in user: status, setup with a QR code, turning it off. */
export function SecurityScreen() {
  const { t } = useTranslation('security');
  const { t: tCore } = useTranslation();
  const status = useTwoFactorStatus();
  const startSetup = useStartTwoFactorSetup();

  if (status.isPending) return <Spinner className="size-8" />;
  if (status.isError) return <Alert>{describeApiError(status.error, tCore)}</Alert>;
  const { enabled, required } = status.data;

  return (
    <Card className="max-w-2xl">
      <div className="mb-4">
        <Badge tone={enabled ? 'success' : 'warning'}>
          {enabled ? t('statusOn') : t('statusOff')}
        </Badge>
      </div>
      {required && !enabled && (
        <div className="mb-4">
          <Alert>{t('requiredNotice')}</Alert>
        </div>
      )}
      {enabled ? (
        required ? (
          <p className="text-sm text-muted">{t('requiredCannotDisable')}</p>
        ) : (
          <DisableForm />
        )
      ) : startSetup.data ? (
        <EnableForm setup={startSetup.data} onDone={() => startSetup.reset()} />
      ) : (
        <>
          {startSetup.isError && <Alert>{describeApiError(startSetup.error, tCore)}</Alert>}
          <Button
            onClick={() => startSetup.mutate()}
            loading={startSetup.isPending}
            className="w-fit"
          >
            {t('start')}
          </Button>
        </>
      )}
    </Card>
  );
}
