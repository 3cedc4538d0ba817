import type { Role } from '@keymarket/contracts/users';
import { LoadError } from '@/components/ui/load-error';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { AdminOverview } from './admin-overview';
import { LowStockList } from './low-stock-list';
import { OverviewPlaceholder } from './overview-placeholder';
import { ReconciliationCard } from './reconciliation-card';
import { RevenueChartCard } from './revenue-chart-card';
import { SellerOverview } from './seller-overview';
import { StorageCard } from './storage-card';
import { UserDistributionCard } from './user-distribution-card';

/**
 * The landing screen of every area. The server answers each role with its own scope (the
 * platform for an admin, the caller and its downline otherwise); each card loads on its own, so
 * a slow map never holds back the figures.
 */
export function DashboardScreen({ role }: { role: Role }) {
  const statsQuery = useDashboardStats();
  const isAdmin = role === 'admin';

  return (
    <div className="flex flex-col gap-6">
      {statsQuery.isPending && <OverviewPlaceholder admin={isAdmin} />}
      {statsQuery.isError && (
        <LoadError error={statsQuery.error} onRetry={() => void statsQuery.refetch()} />
      )}
      {statsQuery.isSuccess &&
        (statsQuery.data.scope === 'platform' ? (
          <AdminOverview stats={statsQuery.data} />
        ) : (
          <SellerOverview stats={statsQuery.data} />
        ))}
      {/* Whether the money adds up, next to the money figures. */}
      {isAdmin && <ReconciliationCard />}
      <RevenueChartCard />
      <UserDistributionCard scope={isAdmin ? 'platform' : 'downline'} />
      {isAdmin && (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <StorageCard />
          {statsQuery.data?.scope === 'platform' && (
            <LowStockList products={statsQuery.data.lowStockProducts} />
          )}
        </div>
      )}
    </div>
  );
}
