import { clsx } from 'clsx';
import { useId, type ComponentProps } from 'react';

type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role'>;

/**
 * A checkbox shown as an on/off switch; `role="switch"` makes screen readers say "on" and "off".
 * The knob's colours come from the theme, so it stays visible on every background.
 */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <span className={clsx('relative inline-flex shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-surface-2 ring-1 ring-border transition ring-inset checked:bg-primary checked:ring-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute start-1 top-1 size-4 rounded-full bg-muted transition peer-checked:translate-x-5 peer-checked:bg-primary-fg rtl:peer-checked:-translate-x-5"
      />
    </span>
  );
}

type SwitchFieldProps = SwitchProps & { label: string; hint?: string };

/** A labelled switch with an explanation, for a form's yes/no settings. */
export function SwitchField({ label, hint, ...props }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="mt-0.5 text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
      <Switch id={id} aria-describedby={hint ? hintId : undefined} {...props} />
    </div>
  );
}
