import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sort, SortDirection } from '@keymarket/contracts/pagination';
import { Select } from './select';
import { TableHeader } from './table';

type SortableHeaderProps<Column extends string> = {
  column: Column;
  sort: Sort<Column> | undefined;
  onSort: (sort: Sort<Column>) => void;
  /** The first click's direction: `desc` suits amounts and dates (largest, newest first). */
  firstDirection?: SortDirection;
  className?: string;
  children: ReactNode;
};

/**
 * A column header that sorts the table: a click sorts by the column, a second click reverses it.
 * `aria-sort` tells screen readers which column orders the rows and which way.
 */
export function SortableHeader<Column extends string>({
  column,
  sort,
  onSort,
  firstDirection = 'asc',
  className,
  children,
}: SortableHeaderProps<Column>) {
  const active = sort?.by === column ? sort.direction : undefined;
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
  const next: SortDirection = active ? (active === 'asc' ? 'desc' : 'asc') : firstDirection;
  return (
    <TableHeader
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
      className={className}
    >
      {/* On phones the header row is read by screen readers only (table.tsx) and `SortSelect`
          sorts: the button would be a focus stop that cannot be seen, so the text stands alone. */}
      <button
        type="button"
        onClick={() => onSort({ by: column, direction: next })}
        className={clsx(
          'inline-flex items-center gap-1 uppercase hover:text-fg max-sm:hidden',
          active && 'text-fg',
        )}
      >
        {children}
        <Icon aria-hidden className={clsx('size-3.5', !active && 'opacity-50')} />
      </button>
      <span className="sm:hidden">{children}</span>
    </TableHeader>
  );
}

export type SortSelectProps<Column extends string> = {
  columns: readonly { column: Column; label: string }[];
  sort: Sort<Column> | undefined;
  onSort: (sort: Sort<Column> | undefined) => void;
};

/**
 * The same choice for phones, where the table is a list of cards and has no headers to click:
 * shown below `sm` only.
 */
export function SortSelect<Column extends string>({
  columns,
  sort,
  onSort,
}: SortSelectProps<Column>) {
  const { t } = useTranslation();
  const value = sort ? `${sort.by}:${sort.direction}` : '';
  return (
    <Select
      aria-label={t('pagination.sortBy')}
      value={value}
      onChange={(event) => {
        const chosen = event.target.value;
        const [by, direction] = chosen.split(':');
        const column = columns.find((entry) => entry.column === by)?.column;
        onSort(
          column && (direction === 'asc' || direction === 'desc')
            ? { by: column, direction }
            : undefined,
        );
      }}
      className="w-auto sm:hidden"
    >
      <option value="">{t('pagination.defaultOrder')}</option>
      {columns.flatMap(({ column, label }) => [
        <option key={`${column}:asc`} value={`${column}:asc`}>
          {t('pagination.sortAscending', { column: label })}
        </option>,
        <option key={`${column}:desc`} value={`${column}:desc`}>
          {t('pagination.sortDescending', { column: label })}
        </option>,
      ])}
    </Select>
  );
}
