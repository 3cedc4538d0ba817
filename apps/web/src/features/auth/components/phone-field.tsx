import { clsx } from 'clsx';
import { useCombobox } from 'downshift';
import { ChevronDown } from 'lucide-react';
import { useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  combinePhone,
  phoneCountriesIn,
  phoneCountriesMatching,
  suggestedRegion,
  type PhoneCountry,
} from '../lib/phone-countries';

const { InputBlur, ItemClick, InputKeyDownEnter, InputKeyDownEscape } =
  useCombobox.stateChangeTypes;
const SHOWS_CHOSEN_NAME = new Set<string>([
  InputBlur,
  ItemClick,
  InputKeyDownEnter,
  InputKeyDownEscape,
]);

type PhoneFieldProps = {
  /** The label, hint and error of the number box, from `Field`. */
  control: FieldControlProps;
  /** Called with the number as the contract takes it: the calling code, then the national number. */
  onChange: (phone: string) => void;
  onBlur: () => void;
  /** The number box, which react-hook-form focuses when the phone is refused. */
  inputRef: Ref<HTMLInputElement>;
  /** Where the browser's languages are read for the country to start with (tests pass their own). */
  languages?: readonly string[];
};

/**
 * A phone number in two parts: a country picked by searching for its name (in the reader's
 * language) or its calling code, then the national number. The code and the number read left to
 * right in Arabic too: they are isolated in a box of their own. A number typed with + is taken as
 * it stands, whatever the country.
 */
export function PhoneField({ control, onChange, onBlur, inputRef, languages }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => phoneCountriesIn(i18n.language), [i18n.language]);
  const [region, setRegion] = useState(() => suggestedRegion(languages ?? navigator.languages));
  const [national, setNational] = useState('');
  const chosen = countries.find((country) => country.region === region) ?? null;
  // What is typed in the country box; null while it shows the chosen country's name.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = useMemo(
    () => (typed === null ? countries : phoneCountriesMatching(countries, typed)),
    [countries, typed],
  );

  const choose = (next: PhoneCountry | null) => {
    setRegion(next?.region ?? null);
    onChange(combinePhone(next?.region ?? null, national));
  };

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<PhoneCountry>({
    items: shown,
    itemToString: (country) => country?.name ?? '',
    selectedItem: chosen,
    inputValue: typed ?? chosen?.name ?? '',
    defaultHighlightedIndex: 0,
    onStateChange: ({ type, inputValue }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setTyped(inputValue ?? '');
      // Once a country is picked, or the box left, it shows the chosen country's name again.
      else if (SHOWS_CHOSEN_NAME.has(type)) setTyped(null);
    },
    onSelectedItemChange: ({ selectedItem }) => choose(selectedItem),
    stateReducer: (state, { type, changes }) => {
      // Leaving the box picks no highlighted country (downshift's default would): an emptied box
      // chooses none, anything else goes back to the country chosen before.
      if (type === InputBlur) {
        const cleared = state.inputValue.trim() === '';
        return {
          ...changes,
          selectedItem: cleared ? null : state.selectedItem,
          inputValue: cleared ? '' : (state.selectedItem?.name ?? ''),
          isOpen: false,
        };
      }
      return changes;
    },
  });

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Input
          {...getInputProps({
            'aria-label': t('auth.signup.country'),
            placeholder: t('auth.signup.country'),
            autoComplete: 'off',
            className: 'pe-8',
          })}
          aria-invalid={control['aria-invalid'] && !chosen}
        />
        <button
          type="button"
          {...getToggleButtonProps({ 'aria-label': t('auth.signup.countryList'), tabIndex: -1 })}
          className="absolute inset-y-0 end-0 grid w-8 place-items-center text-muted hover:text-fg"
        >
          <ChevronDown aria-hidden className={clsx('size-4 transition', isOpen && 'rotate-180')} />
        </button>
        <ul
          {...getMenuProps({ 'aria-label': t('auth.signup.country') })}
          hidden={!isOpen}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-card"
        >
          {isOpen && shown.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted">{t('messages.noResultsFound')}</li>
          )}
          {isOpen &&
            shown.map((country, index) => (
              <li
                key={country.region}
                {...getItemProps({ item: country, index })}
                className={clsx(
                  'flex cursor-pointer items-baseline gap-2 rounded-md px-3 py-2 text-sm',
                  index === highlightedIndex ? 'bg-primary/15 text-fg' : 'text-fg',
                  country.region === region && 'font-medium',
                )}
              >
                <bdi className="min-w-0 flex-1 truncate">{country.name}</bdi>{' '}
                <bdi dir="ltr" className="shrink-0 text-xs text-muted tabular-nums">
                  +{country.callingCode}
                </bdi>
              </li>
            ))}
        </ul>
      </div>
      {/* The calling code and the number, left to right in every language. */}
      <div dir="ltr" className="flex">
        {chosen && (
          <span className="grid h-10 shrink-0 place-items-center rounded-s-lg border border-e-0 border-border bg-surface px-2.5 text-sm text-muted tabular-nums">
            +{chosen.callingCode}
          </span>
        )}
        <Input
          {...control}
          ref={inputRef}
          type="tel"
          autoComplete={chosen ? 'tel-national' : 'tel'}
          value={national}
          onChange={(event) => {
            setNational(event.target.value);
            onChange(combinePhone(region, event.target.value));
          }}
          onBlur={onBlur}
          className={clsx('min-w-0', chosen && 'rounded-s-none')}
        />
      </div>
    </div>
  );
}
