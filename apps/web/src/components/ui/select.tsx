import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { controlClassName } from './input';

/** A native select: keyboard, screen-reader and mobile pickers work without extra code. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={clsx('relative', className)}>
      <select className={clsx(controlClassName, 'appearance-none pe-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute inset-y-0 end-3 my-auto size-4 text-muted"
      />
    </div>
  );
}
