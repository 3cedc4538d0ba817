import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { countriesIn, matchesCountry, type Country } from './country-names';
import { useSettingsText } from './use-settings-text';

type CountryComboboxProps = FieldControlProps & {
  /** Countries not offered (already banned). */
  excluded: ReadonlySet<string>;
  /** Called with the chosen code, or null once the text no longer names a country. */
  onChoose: (code: string | null) => void;
  disabled?: boolean;
};

/**
 * A text field that filters the ISO country list as the admin types, names in the UI language.
 * The ARIA 1.2 combobox pattern: arrows move through the list, Enter picks, Escape closes.
 */
export function CountryCombobox({
  excluded,
  onChoose,
  disabled,
  ...control
}: CountryComboboxProps) {
  const { t, language } = useSettingsText();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const countries = useMemo(() => countriesIn(language), [language]);
  const options = useMemo(
    () =>
      countries.filter((country) => !excluded.has(country.code) && matchesCountry(country, query)),
    [countries, excluded, query],
  );
  const active = open ? options[activeIndex] : undefined;
  const optionId = (code: string) => `${listId}-${code}`;
  const activeId = active ? optionId(active.code) : undefined;

  // Keeps the highlighted country visible while the arrows walk a long list.
  useEffect(() => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom has no scrollIntoView
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function choose(country: Country) {
    setQuery(country.name);
    setOpen(false);
    onChoose(country.code);
  }

  function onType(text: string) {
    setQuery(text);
    setOpen(true);
    setActiveIndex(0);
    onChoose(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => Math.min(Math.max(index + step, 0), options.length - 1));
    } else if (event.key === 'Enter' && active) {
      // Picks the highlighted country instead of submitting the form.
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted"
      />
      <Input
        {...control}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={t('bannedCountries.search')}
        value={query}
        disabled={disabled}
        onChange={(event) => onType(event.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="ps-9"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('bannedCountries.country')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface py-1 shadow-card"
      >
        {options.map((country, index) => (
          <li
            key={country.code}
            id={optionId(country.code)}
            role="option"
            aria-selected={index === activeIndex}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(country);
            }}
            onMouseMove={() => setActiveIndex(index)}
            className={clsx(
              'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
              index === activeIndex ? 'bg-primary/15 text-fg' : 'text-fg',
            )}
          >
            <span className="truncate">{country.name}</span>
            <span className="font-mono text-xs text-muted">{country.code}</span>
          </li>
        ))}
        {options.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted">
            {t('bannedCountries.noMatch', { query })}
          </li>
        )}
      </ul>
    </div>
  );
}
