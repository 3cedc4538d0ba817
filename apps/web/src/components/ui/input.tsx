import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export const controlClassName = clsx(
  'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg',
  'placeholder:text-muted transition focus-visible:border-ring',
  'aria-[invalid=true]:border-danger disabled:opacity-60',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={clsx(controlClassName, className)} {...props} />;
}
