import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { totpCodeSchema } from '@keymarket/contracts/auth';
import type { TwoFactorSetup } from '@keymarket/contracts/two-factor';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { describeApiError, translateFieldError } from '@/lib/translate-error';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

/** A code field shared by both forms: digits only, left to right even in Arabic. */
function CodeField({ label, error }: { label: string; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          name="code"
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

/** The server's field message for `path`, translated, when the error carries one. */
function serverFieldError(error: unknown, path: string, t: TFunction) {
  if (!(error instanceof ApiError)) return undefined;
  const detail = error.body.details?.find((d) => d.path === `body.${path}`);
  return detail ? translateFieldError({ type: error.type, message: detail.message }, t) : undefined;
}

function EnableForm({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: tCore } = useTranslation();
  const enable = useEnableTwoFactor();
  const [codeError, setCodeError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(new FormData(event.currentTarget).get('code'));
    if (!parsed.success) {
      setCodeError(tCore('messages.totpCodeFormat'));
      return;
    }
    setCodeError(undefined);
    enable.mutate(
      { code: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('enabled'));
          onDone();
        },
        onError: (error) => setCodeError(serverFieldError(error, 'code', tCore)),
      },
    );
  }

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
      <CodeField label={t('code')} error={codeError} />
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
  const [codeError, setCodeError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = totpCodeSchema.safeParse(form.get('code'));
    if (!code.success) {
      setCodeError(tCore('messages.totpCodeFormat'));
      return;
    }
    setCodeError(undefined);
    disable.mutate(
      { password: String(form.get('password') ?? ''), code: code.data },
      {
        onSuccess: () => toast.success(t('disabled')),
        onError: (error) => setCodeError(serverFieldError(error, 'code', tCore)),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <h3 className="text-sm font-semibold text-fg">{t('disableTitle')}</h3>
      <p className="text-sm text-muted">{t('disableHint')}</p>
      <Field label={t('password')} error={serverFieldError(disable.error, 'password', tCore)}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            className="max-w-sm"
          />
        )}
      </Field>
      <CodeField label={t('code')} error={codeError} />
      {disable.isError && !codeError && !serverFieldError(disable.error, 'password', tCore) && (
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
