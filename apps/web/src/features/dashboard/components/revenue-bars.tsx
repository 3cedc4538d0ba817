import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevenueChart } from '@keymarket/contracts/analytics';
import { useDisplayCurrency } from '@/lib/display-currency';
import { useFormatPrice } from '@/lib/format-price';
import { formatCount } from '@/lib/format-number';
import { axisLabel, bucketName } from '../utils/format';
import { niceScale } from '../utils/nice-scale';

type RevenueBarsProps = { chart: RevenueChart; busy?: boolean };

/**
 * Revenue per bucket as bars. The drawing is for the eye only; assistive technology reads the
 * same figures from the table beneath it. Laid out with flex and logical sides, so in Arabic the
 * first bucket sits on the right and the axis labels on the right edge.
 */
export function RevenueBars({ chart, busy = false }: RevenueBarsProps) {
  const formatPrice = useFormatPrice();
  const { t, i18n } = useTranslation('dashboard');
  const captionId = useId();
  const language = i18n.language;
  // Round steps in the currency on screen ("€0, €25, €50"), turned back into USD for formatPrice.
  const { rateToUSD } = useDisplayCurrency();
  const most = Math.max(...chart.buckets.map((bucket) => bucket.revenue), 0);
  const ticks = niceScale(most * rateToUSD).map((tick) => tick / rateToUSD);
  const top = ticks[ticks.length - 1] || 1;
  const labelOptions = { language, timeZone: chart.timeZone };
  const name = (bucket: RevenueChart['buckets'][number]) =>
    bucketName(bucket, chart.period, labelOptions);
  const empty = chart.buckets.every((bucket) => bucket.revenue === 0);

  return (
    <figure
      aria-labelledby={captionId}
      aria-busy={busy || undefined}
      className={clsx('transition-opacity', busy && 'opacity-60')}
    >
      <figcaption id={captionId} className="sr-only">
        {t(`revenue.caption.${chart.period}`)}
      </figcaption>
      <div aria-hidden className="relative h-56">
        {ticks.map((tick) => (
          <div
            key={tick}
            className="absolute inset-x-0 flex translate-y-1/2 items-center"
            style={{ bottom: `${(tick / top) * 100}%` }}
          >
            <span className="w-14 shrink-0 pe-2 text-end text-[11px] text-muted tabular-nums">
              {formatPrice(tick)}
            </span>
            <span className="h-px flex-1 bg-border" />
          </div>
        ))}
        <div className="absolute inset-y-0 start-14 end-0 flex items-end gap-1.5 sm:gap-3">
          {chart.buckets.map((bucket, index) => (
            <div
              key={bucket.start}
              className="group relative flex h-full flex-1 items-end justify-center"
            >
              <div
                className={clsx(
                  'relative w-full max-w-14 rounded-t-md bg-primary transition group-hover:brightness-125',
                  bucket.revenue > 0 && 'min-h-0.5',
                )}
                style={{ height: `${(bucket.revenue / top) * 100}%` }}
              >
                {/* Out of the layout until hovered (a hidden one would still widen the page), and
                    kept inside the chart at both ends. */}
                <div
                  className={clsx(
                    'pointer-events-none absolute bottom-full z-10 mb-2 hidden w-max max-w-48 rounded-lg border border-border bg-surface-2 px-2.5 py-1.5 text-xs text-fg shadow-card group-hover:block',
                    index === 0
                      ? 'start-0'
                      : index === chart.buckets.length - 1
                        ? 'end-0'
                        : 'left-1/2 -translate-x-1/2',
                  )}
                >
                  <p className="font-medium">{name(bucket)}</p>
                  <p className="text-muted">
                    <bdi dir="ltr">{formatPrice(bucket.revenue)}</bdi>
                    {' · '}
                    {t('revenue.orders', { orders: formatCount(bucket.orders, language) })}
                  </p>
                </div>
              </div>
            </div>
          ))}
        </div>
        {empty && (
          <p className="absolute inset-x-0 top-1/3 ps-14 text-center text-sm text-muted">
            {t('revenue.empty')}
          </p>
        )}
      </div>
      <div aria-hidden className="mt-2 flex gap-1.5 ps-14 sm:gap-3">
        {chart.buckets.map((bucket, index) => {
          const { main, sub } = axisLabel(bucket, chart.period, labelOptions);
          return (
            <span
              key={bucket.start}
              title={name(bucket)}
              className={clsx(
                'flex min-w-0 flex-1 flex-col items-center text-[11px] leading-tight text-muted',
                // Twelve month names do not fit a phone's width: every other one is enough there.
                chart.period === 'monthly' && index % 2 === 1 && 'invisible sm:visible',
              )}
            >
              {/* A month's name may overflow its narrow slot on phones: the slots beside it are
                  empty there. */}
              <span
                className={clsx(
                  'text-fg/80',
                  chart.period === 'monthly' ? 'whitespace-nowrap' : 'max-w-full truncate',
                )}
              >
                {main}
              </span>
              {sub && <span className="max-w-full truncate">{sub}</span>}
            </span>
          );
        })}
      </div>
      {/* The wrapper hides the table: a table ignores the 1px width sr-only gives it. */}
      <div className="sr-only">
        <table aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">{t('revenue.table.period')}</th>
              <th scope="col">{t('revenue.table.revenue')}</th>
              <th scope="col">{t('revenue.table.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {chart.buckets.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row">{name(bucket)}</th>
                <td>{formatPrice(bucket.revenue)}</td>
                <td>{formatCount(bucket.orders, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
