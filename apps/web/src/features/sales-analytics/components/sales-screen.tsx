import { ChartColumnBig } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { salesMeasures } from '@keymarket/contracts/sales-analytics';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useTableParams } from '@/lib/use-table-params';
import { useSalesReport, type SalesReportQuery } from '../api/get-sales-report';
import { periodDays, periodLabel, periodPresetOf } from '../utils/period';
import { SalesControls } from './sales-controls';
import { SalesSummary } from './sales-summary';
import { SalesTable } from './sales-table';

// What the URL holds beside the ranked measure (`sort=-units`) and the row count (`size`), so a
// reload, Back or a shared link opens the same report.
const FILTERS = ['by', 'period', 'from', 'to'] as const;

/**
 * What sells: the caller's top products or sellers over a period, beside the period before it
 * (GET /analytics/sales). The scope is the server's: the platform for an administrator, a
 * seller's own purchases and its downline's otherwise.
 */
export function SalesScreen() {
  const { t, i18n } = useTranslation('sales');
  const me = useCurrentUser();
  const table = useTableParams({ filters: FILTERS, sortable: salesMeasures });
  const { filters, setFilters } = table;
  // Presets are counted from the day the screen opened, so the query stays the same all day.
  const [today] = useState(() => new Date());
  const preset = periodPresetOf(filters.period);
  const custom = { from: filters.from, to: filters.to };
  const query: SalesReportQuery = {
    by: filters.by === 'seller' ? 'seller' : 'product',
    sort: table.sort?.by ?? 'revenue',
    limit: table.pageSize,
    ...periodDays(preset, today, custom),
  };
  const report = useSalesReport(query);
  const data = report.data;

  return (
    <div className="flex flex-col gap-6">
      <SalesControls
        query={query}
        preset={preset}
        custom={custom}
        onGroup={(by) => setFilters({ by: by === 'product' ? '' : by })}
        onPreset={(next) =>
          // A custom period starts from the days shown, to be moved from there.
          setFilters(
            next === 'custom'
              ? { period: next, from: query.from ?? '', to: query.to ?? '' }
              : { period: next === 'last30' ? '' : next, from: '', to: '' },
          )
        }
        onCustom={(range) => setFilters(range)}
        onSort={(by) => table.setSort(by === 'revenue' ? undefined : { by, direction: 'desc' })}
        onLimit={table.setPageSize}
      />
      {report.isPending && (
        <div className="grid h-64 place-items-center">
          <Spinner className="size-7" />
        </div>
      )}
      {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
      {data && !report.isError && (
        <>
          <p className="text-sm text-muted">
            {t('range', {
              period: periodLabel(data.period, i18n.language),
              previous: periodLabel(data.previousPeriod, i18n.language),
            })}
          </p>
          <SalesSummary totals={data.totals} />
          <Card
            title={
              data.rows.length > 0
                ? t(`table.${data.by}`, { measure: t(`measures.${data.sort}`) })
                : undefined
            }
          >
            {data.rows.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-10 text-center">
                <ChartColumnBig aria-hidden className="size-8 text-muted" />
                <h2 className="text-base font-semibold text-fg">{t('empty.title')}</h2>
                <p className="max-w-sm text-sm text-muted">{t('empty.body')}</p>
              </div>
            ) : (
              <SalesTable report={data} meId={me.data?.id} busy={report.isPlaceholderData} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
