import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

const variants = {
  primary: 'bg-primary text-primary-fg shadow-sm hover:brightness-110',
  secondary: 'border border-border bg-surface-2 text-fg hover:bg-border/60',
  ghost: 'text-fg hover:bg-surface-2',
  danger: 'bg-danger text-danger-fg hover:brightness-110',
} as const;

const sizes = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  icon: 'size-9',
} as const;

type ButtonStyle = { variant?: keyof typeof variants; size?: keyof typeof sizes };

/** The button look, also for links that act as buttons ("Go home"). */
export function buttonStyles({ variant = 'primary', size = 'md' }: ButtonStyle = {}): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
  );
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonStyle & {
    /** Disables the button and shows a spinner while its action runs. */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(buttonStyles({ variant, size }), className)}
      {...props}
    >
      {loading && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
