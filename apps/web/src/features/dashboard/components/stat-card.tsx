import { ListOrdered, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { orderCountsSchema } from '@keymarket/contracts/users';
import { useFormatPrice } from '@/lib/format-price';
import { formatCount } from '../utils/format';

export type StatDetail = { label: string; value: ReactNode };

type StatCardProps = {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** The breakdown under the headline figure (by role, by status…). */
  details?: readonly StatDetail[];
};

/** One headline figure of the dashboard, named by its label for assistive technology. */
export function StatCard({ label, value, icon: Icon, details = [] }: StatCardProps) {
  const labelId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/15 text-accent">
          <Icon aria-hidden className="size-4.5" />
        </span>
        <p id={labelId} className="min-w-0 text-sm text-muted">
          {label}
        </p>
      </div>
      <p className="text-2xl font-semibold text-fg tabular-nums">{value}</p>
      {details.length > 0 && (
        <dl className="mt-auto flex flex-col gap-1 border-t border-border pt-3 text-xs">
          {details.map((detail) => (
            <div key={detail.label} className="flex items-center justify-between gap-3">
              <dt className="text-muted">{detail.label}</dt>
              <dd className="font-medium text-fg tabular-nums">{detail.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** An amount: kept left to right inside Arabic text, so "$12.5" never reads "12.5$". */
export function Amount({ children }: { children: string }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** How the dashboard writes its figures: counts the reader's way, amounts through formatPrice. */
export function useFigures() {
  const formatPrice = useFormatPrice();
  const { i18n } = useTranslation();
  return {
    count: (value: number) => formatCount(value, i18n.language),
    money: (usd: number) => <Amount>{formatPrice(usd)}</Amount>,
  };
}

/** Orders by status: the platform's for an admin, the caller's own for a seller. */
export function OrdersCard({
  label,
  orders,
}: {
  label: string;
  orders: z.infer<typeof orderCountsSchema>;
}) {
  const { t } = useTranslation();
  const { count } = useFigures();
  return (
    <StatCard
      label={label}
      value={count(orders.total)}
      icon={ListOrdered}
      details={[
        { label: t('orders.status.completed'), value: count(orders.completed) },
        { label: t('orders.status.pending'), value: count(orders.pending) },
        { label: t('orders.status.rejected'), value: count(orders.rejected) },
      ]}
    />
  );
}

/**
 * The overview's first row: the money cards. Three across from `lg`: beside the sidebar at `md`,
 * a column is too narrow for a seven-digit amount.
 */
export function MoneyCards({ children }: { children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-label={t('overview.money')} className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {children}
    </section>
  );
}
