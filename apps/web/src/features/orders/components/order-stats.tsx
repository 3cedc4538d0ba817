import { clsx } from 'clsx';
import {
  CircleCheck,
  CircleX,
  Clock,
  DollarSign,
  ListOrdered,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { orderStatsSchema } from '@keymarket/contracts/orders';
import { useFormatPrice } from '@/lib/format-price';

type OrderStats = z.infer<typeof orderStatsSchema>;

function StatCard({
  label,
  value,
  icon: Icon,
  className,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex min-w-0 items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-card max-sm:p-2.5',
        className,
      )}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-primary max-sm:hidden">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-tight text-muted">{label}</p>
        {/* A long amount is set smaller, so five cards at 1366 px keep it on one line ("$48142.3"
            over "2" before); past that it wraps inside the card rather than spill out of it. */}
        <p
          className={clsx(
            'font-semibold [overflow-wrap:anywhere] text-fg tabular-nums',
            value.length > 8 ? 'text-lg' : 'text-xl',
            'max-sm:text-base',
          )}
        >
          <bdi dir="ltr">{value}</bdi>
        </p>
      </div>
    </div>
  );
}

/**
 * Five across only from xl: at lg the sidebar leaves ~140 px a card, which cut the labels. The
 * amount is named for what it is, whoever reads it: the total of the completed orders the
 * filters select (pending and rejected ones left out). It is not "Spent" (the balance's figure,
 * pending purchases included) nor "Revenue" (a reseller's own purchases are not its revenue).
 */
export function OrderStatsCards({ stats }: { stats: OrderStats }) {
  const formatPrice = useFormatPrice();
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('orders.stats.label')}
      className="grid grid-cols-3 gap-2 sm:gap-3 xl:grid-cols-5"
    >
      <StatCard label={t('orders.stats.total')} value={String(stats.total)} icon={ListOrdered} />
      <StatCard label={t('orders.stats.pending')} value={String(stats.pending)} icon={Clock} />
      <StatCard
        label={t('orders.stats.completed')}
        value={String(stats.completed)}
        icon={CircleCheck}
      />
      <StatCard label={t('orders.stats.rejected')} value={String(stats.rejected)} icon={CircleX} />
      <StatCard
        label={t('orders.stats.completedTotal')}
        value={formatPrice(stats.revenue)}
        icon={DollarSign}
        // Beside "Rejected" on the last row of a phone's three columns: two of them, room for
        // large sums. On phones the cards are compact (no icon), so the orders come first.
        className="col-span-2 sm:col-span-1"
      />
    </section>
  );
}
