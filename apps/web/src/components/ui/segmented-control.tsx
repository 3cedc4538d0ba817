import { clsx } from 'clsx';

type SegmentedControlProps<T extends string> = {
  /** The group's accessible name ("Period", "Group by"). */
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
  className?: string;
};

/**
 * A choice of a few views of the same figures (daily / weekly / monthly, products / sellers):
 * toggle buttons side by side, the chosen one pressed (`aria-pressed`), all reachable by Tab.
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  className,
}: SegmentedControlProps<T>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={clsx('inline-flex rounded-lg border border-border bg-surface-2 p-0.5', className)}
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={clsx(
            'h-8 flex-1 rounded-md px-3 text-sm font-medium whitespace-nowrap transition',
            option === value ? 'bg-primary text-primary-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
