import type { AdminDashboardStats, SellerDashboardStats } from '@keymarket/contracts/analytics';
import { Spinner } from '@/components/ui/spinner';
import { AdminOverview } from './admin-overview';
import { SellerOverview } from './seller-overview';

const counts = { total: 0, completed: 0, pending: 0, rejected: 0 };

const EMPTY_ADMIN: AdminDashboardStats = {
  scope: 'platform',
  users: {
    total: 0,
    byRole: { admin: 0, manager: 0, reseller: 0 },
    byStatus: { active: 0, inactive: 0, banned: 0 },
  },
  orders: counts,
  revenue: 0,
  platformProfit: 0,
  dockedSales: { orders: 0, revenue: 0, cost: 0, margin: 0 },
  outstanding: { balance: 0, profit: 0 },
  products: { total: 0, outOfStock: 0, lowStock: 0 },
  lowStockProducts: [],
};

const EMPTY_SELLER: SellerDashboardStats = {
  scope: 'downline',
  balance: { current: 0, total: 0, spent: 0, profit: 0 },
  orders: counts,
  profitEarned: 0,
  downline: { direct: 0, total: 0 },
  downlineSales: { orders: 0, amount: 0 },
};

/**
 * While the figures load: the overview's own cards, laid out but not shown, under a spinner. The
 * cards below keep their place when the figures arrive (no layout shift: Lighthouse counted the
 * revenue card jumping down by a screenful as CLS 0.11 on the admin dashboard).
 */
export function OverviewPlaceholder({ admin }: { admin: boolean }) {
  return (
    <div className="relative" aria-busy="true">
      <div aria-hidden className="invisible">
        {admin ? <AdminOverview stats={EMPTY_ADMIN} /> : <SellerOverview stats={EMPTY_SELLER} />}
      </div>
      <div className="absolute inset-0 grid place-items-center">
        <Spinner className="size-8" />
      </div>
    </div>
  );
}
