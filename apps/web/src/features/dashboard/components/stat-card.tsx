import { ListOrdered } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { orderCountsSchema } from '@keymarket/contracts/users';
import { StatCard } from '@/components/ui/stat-card';
import { useFormatPrice } from '@/lib/format-price';
import { formatCount } from '@/lib/format-number';

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
