import {
  Boxes,
  CircleDollarSign,
  Landmark,
  PiggyBank,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminDashboardStats } from '@keymarket/contracts/analytics';
import { formatShare } from '@/lib/format-number';
import { StatCard } from '@/components/ui/stat-card';
import { MoneyCards, OrdersCard, useFigures } from './stat-card';

/** The platform at a glance: people, orders, money and stock. */
export function AdminOverview({ stats }: { stats: AdminDashboardStats }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tCore } = useTranslation();
  const { count, money } = useFigures();
  const { users, orders, outstanding, products } = stats;

  return (
    <div className="flex flex-col gap-4">
      <MoneyCards>
        <StatCard
          label={t('stats.revenue')}
          value={money(stats.revenue)}
          icon={CircleDollarSign}
          details={[{ label: t('stats.completedOrders'), value: count(orders.completed) }]}
        />
        <StatCard
          label={t('stats.platformProfit')}
          value={money(stats.platformProfit)}
          icon={Landmark}
          details={[
            {
              label: t('stats.margin'),
              value: formatShare(
                stats.revenue > 0 ? stats.platformProfit / stats.revenue : 0,
                i18n.language,
              ),
            },
            { label: t('docked.ofWhich'), value: money(stats.dockedSales.margin) },
          ]}
        />
        <StatCard
          label={t('stats.outstanding')}
          value={money(outstanding.balance + outstanding.profit)}
          icon={PiggyBank}
          details={[
            { label: t('stats.outstandingBalance'), value: money(outstanding.balance) },
            { label: t('stats.outstandingProfit'), value: money(outstanding.profit) },
          ]}
        />
      </MoneyCards>
      <section
        aria-label={t('overview.activity')}
        className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      >
        <StatCard
          label={t('stats.users')}
          value={count(users.total)}
          icon={UsersRound}
          details={[
            { label: tCore('roles.admin'), value: count(users.byRole.admin) },
            { label: tCore('roles.manager'), value: count(users.byRole.manager) },
            { label: tCore('roles.reseller'), value: count(users.byRole.reseller) },
          ]}
        />
        <StatCard
          label={t('stats.activeUsers')}
          value={count(users.byStatus.active)}
          icon={ShieldCheck}
          details={[
            { label: t('stats.inactive'), value: count(users.byStatus.inactive) },
            { label: t('stats.banned'), value: count(users.byStatus.banned) },
          ]}
        />
        <OrdersCard label={t('stats.orders')} orders={orders} />
        <StatCard
          label={t('stats.products')}
          value={count(products.total)}
          icon={Boxes}
          details={[
            { label: t('stats.outOfStock'), value: count(products.outOfStock) },
            {
              label: t('stats.lowStock'),
              value: count(products.lowStock),
            },
          ]}
        />
      </section>
    </div>
  );
}
