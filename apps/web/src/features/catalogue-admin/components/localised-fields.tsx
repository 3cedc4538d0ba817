import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CategoryFields } from '@keymarket/contracts/catalogue';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { translateCatalogueIssue } from './catalogue-issues';

const languages = [
  { code: 'en', suffix: 'En', dir: 'ltr' },
  { code: 'fr', suffix: 'Fr', dir: 'ltr' },
  { code: 'ar', suffix: 'Ar', dir: 'rtl' },
] as const;

type LocalisedFieldsProps<TValues extends CategoryFields> = {
  register: UseFormRegister<TValues>;
  errors: FieldErrors<CategoryFields>;
};

/**
 * A name and a description in each language, typed in that language's direction whatever the
 * interface language is (an Arabic name reads right to left in the English interface too).
 */
export function LocalisedFields<TValues extends CategoryFields>({
  register,
  errors,
}: LocalisedFieldsProps<TValues>) {
  const { t } = useTranslation('catalogue');
  const { t: tCore } = useTranslation();

  return (
    <div className="flex flex-col gap-4">
      {languages.map(({ code, suffix, dir }) => {
        const language = t(`languages.${code}`);
        const name = `name${suffix}` as const;
        const description = `description${suffix}` as const;
        return (
          <div key={code} className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <Field
              label={t('fields.nameIn', { language })}
              error={translateCatalogueIssue(errors[name], t, tCore)}
            >
              {(control) => (
                <Input {...control} {...register(name as Path<TValues>)} lang={code} dir={dir} />
              )}
            </Field>
            <Field
              label={t('fields.descriptionIn', { language })}
              error={translateCatalogueIssue(errors[description], t, tCore)}
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...register(description as Path<TValues>)}
                  lang={code}
                  dir={dir}
                  rows={2}
                />
              )}
            </Field>
          </div>
        );
      })}
    </div>
  );
}
