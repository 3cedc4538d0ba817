import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns. The
 * scroller is `relative` so that absolutely placed children (sr-only header texts) are clipped by
 * it; otherwise they sit where the wide table would put them and widen the whole page.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
      <table className={clsx('w-full border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHead(props: ComponentProps<'thead'>) {
  return <thead className="border-y border-border bg-surface-2/60 text-muted" {...props} />;
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-border" {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={clsx('transition hover:bg-surface-2/50', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={clsx(
        'px-4 py-2.5 text-start text-xs font-medium tracking-wide whitespace-nowrap uppercase first:ps-5 last:pe-5 sm:first:ps-6 sm:last:pe-6',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={clsx(
        'px-4 py-3 whitespace-nowrap first:ps-5 last:pe-5 sm:first:ps-6 sm:last:pe-6',
        className,
      )}
      {...props}
    />
  );
}
