import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_URL_MAX } from '@keymarket/contracts/integration';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { webhookUrlError } from './form-errors';

type WebhookUrlFieldProps = {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** The hint under it, on the form that adds an endpoint. */
  withHint?: boolean;
};

/** An endpoint's URL: typed left to right whatever the page's language. */
export function WebhookUrlField({ registration, error, withHint = false }: WebhookUrlFieldProps) {
  const { t } = useTranslation('webhooks');
  const { t: tCore } = useTranslation();
  return (
    <Field
      label={t('url')}
      hint={withHint ? t('urlHint') : undefined}
      error={webhookUrlError(error, t, tCore)}
    >
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder={withHint ? 'https://shop.example/keymarket-hook' : undefined}
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
        />
      )}
    </Field>
  );
}
