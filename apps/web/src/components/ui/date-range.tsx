import { useTranslation } from 'react-i18next';
import { Input } from './input';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range a list asks the API for, from its URL's `from` and `to`: a value that is not a day
 * is dropped, and so is a `to` before `from` (a range typed backwards asks for nothing).
 */
export function validRange(from: string, to: string): { from?: string; to?: string } {
  const start = DAY.test(from) ? from : undefined;
  const end = DAY.test(to) && !(start && to < start) ? to : undefined;
  return { from: start, to: end };
}

export type DateRangeProps = {
  /** Days as YYYY-MM-DD, '' when open. */
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
};

/**
 * A list's date filter: from one day to another, both included (the API's `from` and `to`).
 * Each end bounds the other's picker, so the range cannot be typed backwards.
 */
export function DateRange({ from, to, onChange }: DateRangeProps) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-3 max-sm:w-full">
      <label className="flex flex-col gap-1 text-xs text-muted">
        {t('dateRange.from')}
        <Input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          className="sm:w-40"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted">
        {t('dateRange.to')}
        <Input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          className="sm:w-40"
        />
      </label>
    </div>
  );
}
