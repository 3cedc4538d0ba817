import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revenuePeriods, type RevenuePeriod } from '@keymarket/contracts/analytics';
import { Card } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useFormatPrice } from '@/lib/format-price';
import { useRevenueChart } from '../api/get-revenue-chart';
import { formatCount } from '@/lib/format-number';
import { RevenueBars } from './revenue-bars';

/** Revenue of completed orders over the chosen period (the caller's scope: platform or downline). */
export function RevenueChartCard() {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('dashboard');
  const [period, setPeriod] = useState<RevenuePeriod>('daily');
  const chartQuery = useRevenueChart(period);
  const chart = chartQuery.data;
  const totals = chart?.buckets.reduce(
    (sum, bucket) => ({
      revenue: sum.revenue + bucket.revenue,
      orders: sum.orders + bucket.orders,
    }),
    { revenue: 0, orders: 0 },
  );

  return (
    <Card>
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-fg">{t('revenue.title')}</h2>
          <p className="mt-1 text-sm text-muted">
            {t(`revenue.description.${period}`)}
            {chart && ` · ${t('revenue.timeZone', { zone: chart.timeZone })}`}
          </p>
        </div>
        <SegmentedControl
          label={t('revenue.period')}
          value={period}
          options={revenuePeriods}
          optionLabel={(option) => t(`revenue.periods.${option}`)}
          onChange={setPeriod}
        />
      </div>
      {chartQuery.isPending && (
        <div className="grid h-64 place-items-center">
          <Spinner className="size-7" />
        </div>
      )}
      {chartQuery.isError && (
        <LoadError error={chartQuery.error} onRetry={() => void chartQuery.refetch()} />
      )}
      {chart && totals && !chartQuery.isError && (
        <>
          <p className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-semibold text-fg tabular-nums">
              <bdi dir="ltr">{formatPrice(totals.revenue)}</bdi>
            </span>
            <span className="text-sm text-muted">
              {t('revenue.orders', { orders: formatCount(totals.orders, i18n.language) })}
            </span>
          </p>
          <RevenueBars chart={chart} busy={chartQuery.isPlaceholderData} />
        </>
      )}
    </Card>
  );
}
