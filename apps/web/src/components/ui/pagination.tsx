import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@keymarket/contracts/pagination';
import { Button } from './button';
import { Input } from './input';
import { Select } from './select';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /**
   * With these two, the reader also chooses how many rows a page holds (10/25/50/100) and may
   * jump to a page by its number: the operator's tables (orders, users, statement, audit).
   */
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  /** How many rows match in all: with a page size, the choice shows only when it matters. */
  total?: number;
  /**
   * False when `total` and `totalPages` are lower bounds (the server counts a large list only up
   * to a cap): the reader sees "of 400+" and may go on past the last counted page.
   */
  totalExact?: boolean;
};

export function Pagination({
  page,
  totalPages,
  onPageChange,
  pageSize,
  onPageSizeChange,
  total = 0,
  totalExact = true,
}: PaginationProps) {
  const { t } = useTranslation();
  // Beyond the counted pages, there is a next page while the count said "more".
  const lastPage = totalExact ? totalPages : Number.POSITIVE_INFINITY;
  const sizeChoice = pageSize !== undefined && onPageSizeChange && total > PAGE_SIZES[0];
  if (totalPages <= 1 && !sizeChoice) return null;

  // Chevrons point along the reading direction, so they flip for Arabic.
  return (
    <nav
      aria-label={t('pagination.label')}
      className="mt-4 flex flex-wrap items-center justify-end gap-x-3 gap-y-2"
    >
      {sizeChoice && (
        <label className="me-auto flex items-center gap-2 text-sm text-muted">
          {t('pagination.pageSize')}
          <Select
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className="w-20"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </label>
      )}
      {totalPages > 1 && (
        <>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label={t('pagination.previous')}
          >
            <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
          </Button>
          <p className="text-sm text-muted" aria-live="polite">
            {totalExact
              ? t('pagination.pageOf', { page, total: totalPages })
              : t('pagination.pageOfMore', { page, total: totalPages })}
          </p>
          <Button
            variant="secondary"
            size="icon"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= lastPage}
            aria-label={t('pagination.next')}
          >
            <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
          </Button>
          {sizeChoice && totalPages > 2 && (
            <JumpToPage key={page} totalPages={lastPage} onPageChange={onPageChange} />
          )}
        </>
      )}
    </nav>
  );
}

/**
 * A page number box: Enter (or Go) opens that page. A number out of range is held to the range
 * rather than refused (no min/max, whose browser check would block the form instead).
 */
function JumpToPage({
  totalPages,
  onPageChange,
}: {
  /** Infinity when the count was capped: any page may be asked for. */
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = Math.trunc(Number(text));
    if (!Number.isFinite(wanted) || text.trim() === '') return;
    onPageChange(Math.min(Math.max(wanted, 1), totalPages));
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <Input
        type="number"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('pagination.jumpTo')}
        placeholder={t('pagination.jumpPlaceholder')}
        className="w-20"
      />
      <Button type="submit" variant="secondary">
        {t('pagination.go')}
      </Button>
    </form>
  );
}
