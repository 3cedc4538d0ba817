import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Its accessible name: a search box has no visible label, only a placeholder. */
  'aria-label': string;
};

/** A search box with its magnifier on the reading side (the right in Arabic). */
export function SearchInput({ className, ...props }: SearchInputProps) {
  return (
    <div className={clsx('relative', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      />
      <Input type="search" className="ps-9" {...props} />
    </div>
  );
}
