import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/**
 * A data table that turns into a list of cards on phones (below `sm`): each row becomes a block
 * with its title cell on top (on up to two lines), every other cell as "label … value" under it
 * and its actions at the bottom, so nothing hides behind a sideways scroll. From `sm` up it is
 * an ordinary table, which scrolls sideways rather than squeeze its columns; the scroller is
 * `relative` so that absolutely placed children (sr-only header texts) are clipped by it instead
 * of widening the page.
 *
 * On phones the header row is only read by screen readers: give every plain cell the `label` of
 * its column, which the card shows before the value.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative -mx-5 sm:-mx-6 sm:overflow-x-auto">
      <table
        className={clsx('w-full border-collapse text-sm max-sm:block', className)}
        {...props}
      />
    </div>
  );
}

export function TableHead(props: ComponentProps<'thead'>) {
  return (
    <thead
      className="border-y border-border bg-surface-2/60 text-muted max-sm:sr-only"
      {...props}
    />
  );
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-border max-sm:block max-sm:border-t" {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={clsx(
        'transition hover:bg-surface-2/50',
        'max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:px-5 max-sm:py-3',
        className,
      )}
      {...props}
    />
  );
}

// The table's paddings, from `sm` up only: on phones the row (the card) has the padding.
const tablePadding = 'sm:px-3 sm:first:ps-6 sm:last:pe-6';

export function TableHeader({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={clsx(
        tablePadding,
        'py-2.5 text-start text-xs font-medium tracking-wide whitespace-nowrap uppercase',
        className,
      )}
      {...props}
    />
  );
}

type TableCellProps = ComponentProps<'td'> & {
  /**
   * What the cell is on a phone's card. `field` (the default): a line "label … value", with
   * `label` the column's name. `title`: the card's heading, first and at full width.
   * `actions`: the buttons, last, at the end of the line.
   */
  kind?: 'field' | 'title' | 'actions';
  /** The column's name, shown before the value on a phone (plain cells). */
  label?: string;
};

const cellKinds = {
  field:
    'max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:text-end max-sm:before:shrink-0 max-sm:before:text-start max-sm:before:text-muted max-sm:before:content-[attr(data-label)]',
  title: 'max-sm:block max-sm:text-base',
  actions: 'max-sm:block',
} as const;

export function TableCell({ className, kind = 'field', label, ...props }: TableCellProps) {
  return (
    <td
      data-label={label}
      className={clsx(tablePadding, 'sm:py-3 sm:whitespace-nowrap', cellKinds[kind], className)}
      {...props}
    />
  );
}

/**
 * A name that may be long (a product, a username) inside a cell or a card: it wraps, whole, so
 * variants that differ only at their end ("… Variant A", "… Variant B") stay apart. `dir="auto"`
 * isolates it: a Latin name inside Arabic is laid out from its own beginning (and, where a
 * caller clamps it, cut at its own end: "Adobe Creative Cloud…", never "…Cloud 12 months").
 */
export function CellText({
  className,
  ...props
}: ComponentProps<'span'> & { children: string; title?: string }) {
  return (
    <span dir="auto" className={clsx('whitespace-normal break-words', className)} {...props} />
  );
}
