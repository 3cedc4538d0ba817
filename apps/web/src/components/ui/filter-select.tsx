import { clsx } from 'clsx';
import { Select } from './select';

type FilterSelectProps<T extends string> = {
  label: string;
  /** The first choice, which filters nothing. */
  allLabel: string;
  value: T | '';
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T | '') => void;
  className?: string;
};

/** One of a list screen's filters: "all", then every value it can take. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  optionLabel,
  onChange,
  className = 'min-w-36',
}: FilterSelectProps<T>) {
  return (
    <Select
      aria-label={label}
      value={value}
      // The options are `options` and "", so the value is one of them.
      onChange={(event) => onChange(event.target.value as T | '')}
      className={clsx('w-auto', className)}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </Select>
  );
}
