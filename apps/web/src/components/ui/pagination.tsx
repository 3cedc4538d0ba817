import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
};

export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;

  // Chevrons point along the reading direction, so they flip for Arabic.
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-end gap-3">
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
        {t('pagination.pageOf', { page, total: totalPages })}
      </p>
      <Button
        variant="secondary"
        size="icon"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pagination.next')}
      >
        <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
      </Button>
    </nav>
  );
}
