import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { tellAccountLanguage } from '../api/save-account-language';
import { languages, type Language } from '@/lib/i18n';
import { Select } from '@/components/ui/select';

function isLanguage(value: string): value is Language {
  return languages.some((language) => language === value);
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted">
        <Languages aria-hidden className="size-4" />
        <span className="sr-only">{t('preferences.language')}</span>
      </label>
      <Select
        id={id}
        value={current}
        className="w-32"
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void i18n.changeLanguage(language);
          tellAccountLanguage(language);
        }}
      >
        {languages.map((language) => (
          // Each language is named in itself, so a reader lost in a foreign UI finds their own.
          <option key={language} value={language} lang={language}>
            {t(`preferences.languages.${language}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
