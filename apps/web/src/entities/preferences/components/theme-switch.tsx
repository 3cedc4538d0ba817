import { Palette } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isTheme, themes, useTheme } from '@/lib/theme';
import { Select } from '@/components/ui/select';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const id = useId();
  const [theme, setTheme] = useTheme();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted">
        <Palette aria-hidden className="size-4" />
        <span className="sr-only">{t('preferences.theme')}</span>
      </label>
      <Select
        id={id}
        value={theme}
        className="w-28"
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {themes.map((name) => (
          <option key={name} value={name}>
            {t(`preferences.themes.${name}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
