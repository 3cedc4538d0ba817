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

/** A multi-line control styled as the inputs are; `mono` for keys, addresses and CSV. */
export function Textarea({
  className,
  mono = false,
  ...props
}: ComponentProps<'textarea'> & { mono?: boolean }) {
  return (
    <textarea
      className={clsx(controlClassName, 'h-auto py-2', mono && 'font-mono', className)}
      {...props}
    />
  );
}
