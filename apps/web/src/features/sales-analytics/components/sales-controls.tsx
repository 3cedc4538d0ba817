import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@keymarket/contracts/pagination';
import {
  salesGroupings,
  salesMeasures,
  type SalesGrouping,
  type SalesMeasure,
} from '@keymarket/contracts/sales-analytics';
import { TableToolbar } from '@/components/table-toolbar';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import { formatCount } from '@/lib/format-number';
import type { SalesReportQuery } from '../api/get-sales-report';
import { periodPresets, type PeriodPreset } from '../utils/period';

export type SalesControlsProps = {
  query: SalesReportQuery;
  preset: PeriodPreset;
  /** The custom period's days as typed ('' when open). */
  custom: { from: string; to: string };
  onGroup: (by: SalesGrouping) => void;
  onPreset: (preset: PeriodPreset) => void;
  onCustom: (range: { from?: string; to?: string }) => void;
  onSort: (sort: SalesMeasure) => void;
  onLimit: (limit: number) => void;
};

/**
 * The report's settings, in the order an operator table's toolbar keeps: the grouping, the
 * period (and its dates when custom), the measure ranked by, how many rows, the CSV download.
 */
export function SalesControls({
  query,
  preset,
  custom,
  onGroup,
  onPreset,
  onCustom,
  onSort,
  onLimit,
}: SalesControlsProps) {
  const { t, i18n } = useTranslation('sales');
  const { from, to, ...choices } = query;
  return (
    <div role="group" aria-label={t('controls.label')} className="flex flex-col gap-3">
      <SegmentedControl
        label={t('controls.groupBy')}
        value={query.by}
        options={salesGroupings}
        optionLabel={(by) => t(`controls.by.${by}`)}
        onChange={onGroup}
        className="self-start max-sm:w-full"
      />
      <TableToolbar
        range={preset === 'custom' ? { ...custom, onChange: onCustom } : undefined}
        csv={{
          path: '/analytics/sales',
          query: { ...choices, from, to },
          label: t('controls.download'),
          className: 'ms-auto max-sm:w-full',
        }}
      >
        <label className="flex flex-col gap-1 text-xs text-muted max-sm:basis-full">
          {t('controls.period')}
          <Select
            value={preset}
            onChange={(event) =>
              onPreset(periodPresets.find((option) => option === event.target.value) ?? preset)
            }
            className="sm:w-44"
          >
            {periodPresets.map((option) => (
              <option key={option} value={option}>
                {t(`controls.periods.${option}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted max-sm:flex-1">
          {t('controls.sort')}
          <Select
            value={query.sort}
            onChange={(event) =>
              onSort(salesMeasures.find((measure) => measure === event.target.value) ?? query.sort)
            }
            className="sm:w-44"
          >
            {salesMeasures.map((measure) => (
              <option key={measure} value={measure}>
                {t(`measures.${measure}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted max-sm:flex-1">
          {t('controls.limit')}
          <Select
            value={query.limit}
            onChange={(event) => onLimit(Number(event.target.value))}
            className="sm:w-32"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {t('controls.top', { size: formatCount(size, i18n.language) })}
              </option>
            ))}
          </Select>
        </label>
      </TableToolbar>
    </div>
  );
}
