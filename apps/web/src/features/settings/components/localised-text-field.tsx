import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';

type LocalisedTextFieldProps = {
  label: string;
  /** The language the text is written in: Arabic is typed right to left whatever the UI's. */
  language: 'en' | 'fr' | 'ar';
  error?: string;
  registration: UseFormRegisterReturn;
  maxLength: number;
  rows?: number;
};

/** A text area for one language of a localised text (alert message, FAQ question or answer). */
export function LocalisedTextField({
  label,
  language,
  error,
  registration,
  maxLength,
  rows = 2,
}: LocalisedTextFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Textarea
          {...control}
          {...registration}
          lang={language}
          dir={language === 'ar' ? 'rtl' : 'ltr'}
          rows={rows}
          maxLength={maxLength}
        />
      )}
    </Field>
  );
}
