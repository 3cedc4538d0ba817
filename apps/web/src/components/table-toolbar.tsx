import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { CsvDownloadButton, type CsvDownloadButtonProps } from '@/components/csv-download-button';
import { DateRange, type DateRangeProps } from '@/components/ui/date-range';
import { SearchInput } from '@/components/ui/search-input';
import { SortSelect, type SortSelectProps } from '@/components/ui/sortable-header';

export type ToolbarSearchProps = {
  /** What is typed; the list follows it a moment later (`useSearchFilter`). */
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** Its accessible name (a search box shows no label). */
  label: string;
  className?: string;
};

/** A search box of a list's toolbar: at most 100 characters, as every list's API takes. */
export function ToolbarSearch({
  value,
  onChange,
  placeholder,
  label,
  className = 'min-w-40 flex-1',
}: ToolbarSearchProps) {
  return (
    <SearchInput
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      aria-label={label}
      maxLength={100}
      className={className}
    />
  );
}

type TableToolbarProps<Column extends string> = {
  /** A search box, first. */
  search?: ToolbarSearchProps;
  /** The list's own filters, after the search box. */
  children?: ReactNode;
  range?: DateRangeProps;
  /** The sort choice of phones, where the table has no headers to click. */
  sort?: SortSelectProps<Column>;
  /** The CSV download of every row the filters match; at the far end unless told otherwise. */
  csv?: CsvDownloadButtonProps;
  /** After everything (a "clear filters" button). */
  end?: ReactNode;
  /** `center` when the row holds no labelled field, only boxes and buttons. */
  align?: 'end' | 'center';
  className?: string;
  /** For a button that shows or hides the row (`aria-controls`). */
  id?: string;
};

/**
 * One row of an operator table's controls (statement, audit log, orders, tickets), always in the
 * same order: search, filters, date range, sort, CSV download. The page size and the jump to a
 * page sit under the table (`PagedList`).
 */
export function TableToolbar<Column extends string>({
  search,
  children,
  range,
  sort,
  csv,
  end,
  align = 'end',
  className,
  id,
}: TableToolbarProps<Column>) {
  return (
    <div
      id={id}
      className={clsx(
        'flex flex-wrap gap-3',
        align === 'end' ? 'items-end' : 'items-center',
        className,
      )}
    >
      {search && <ToolbarSearch {...search} />}
      {children}
      {range && <DateRange {...range} />}
      {sort && <SortSelect {...sort} />}
      {csv && <CsvDownloadButton {...csv} className={csv.className ?? 'ms-auto'} />}
      {end}
    </div>
  );
}
