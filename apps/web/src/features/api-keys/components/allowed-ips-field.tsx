import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { allowedIpsError } from './allowed-ips';

type AllowedIpsFieldProps = {
  /** `register('allowedIps')`: the field's text. */
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** The text as it is now, to name the line at fault. */
  text: string;
  /** The address the server refused, by its index in the list sent. */
  serverIndex?: number;
  className?: string;
};

/** Where a key may be used from: addresses and ranges, typed left to right in every language. */
export function AllowedIpsField({
  registration,
  error,
  text,
  serverIndex,
  className,
}: AllowedIpsFieldProps) {
  const { t } = useTranslation('integration');
  const { t: tCore } = useTranslation();
  return (
    <Field
      label={t('allowedIps')}
      hint={t('allowedIpsHint')}
      error={allowedIpsError(error, text, serverIndex, t, tCore)}
      className={className}
    >
      {(control) => (
        <Textarea
          {...control}
          rows={3}
          {...registration}
          dir="ltr"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={'203.0.113.7\n198.51.100.0/24'}
          mono
        />
      )}
    </Field>
  );
}
