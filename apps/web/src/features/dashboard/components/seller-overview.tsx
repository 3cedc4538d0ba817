import { HandCoins, Network, TrendingUp, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SellerDashboardStats } from '@keymarket/contracts/analytics';
import { HiddenAmount } from '@/components/ui/hidden-amount';
import { useProfitVisibility } from '@/lib/profit-visibility';
import { StatCard } from '@/components/ui/stat-card';
import { MoneyCards, OrdersCard, useFigures } from './stat-card';

/** A manager's or reseller's own money and what its downline brings in. */
export function SellerOverview({ stats }: { stats: SellerDashboardStats }) {
  const { t } = useTranslation('dashboard');
  const { t: tCore } = useTranslation();
  const [profitVisible] = useProfitVisibility();
  const { count, money } = useFigures();
  // Margins are what resellers keep private in front of customers: every profit figure hides.
  const profit = (usd: number) => (profitVisible ? money(usd) : <HiddenAmount />);
  const { balance, orders, downline, downlineSales } = stats;

  return (
    <div className="flex flex-col gap-4">
      <MoneyCards>
        <StatCard
          label={t('stats.balance')}
          value={money(balance.current)}
          icon={Wallet}
          details={[
            { label: tCore('balance.total'), value: money(balance.total) },
            { label: tCore('balance.spent'), value: money(balance.spent) },
          ]}
        />
        <StatCard
          label={t('stats.profitEarned')}
          value={profit(stats.profitEarned)}
          icon={TrendingUp}
          details={[{ label: t('stats.profitToConvert'), value: profit(balance.profit) }]}
        />
        <StatCard
          label={t('stats.downlineSales')}
          value={money(downlineSales.amount)}
          icon={HandCoins}
          details={[{ label: t('stats.completedOrders'), value: count(downlineSales.orders) }]}
        />
      </MoneyCards>
      <section aria-label={t('overview.activity')} className="grid grid-cols-2 gap-3 sm:gap-4">
        <OrdersCard label={t('stats.myOrders')} orders={orders} />
        <StatCard
          label={t('stats.downline')}
          value={count(downline.total)}
          icon={Network}
          details={[
            { label: t('stats.directInvitees'), value: count(downline.direct) },
            { label: t('stats.indirectInvitees'), value: count(downline.total - downline.direct) },
          ]}
        />
      </section>
    </div>
  );
}
