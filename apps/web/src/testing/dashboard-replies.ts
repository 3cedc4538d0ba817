import type { AdminDashboardStats, SellerDashboardStats } from '@keymarket/contracts/analytics';
import type { Role } from '@keymarket/contracts/users';
import { okReply, type Reply } from './mock-api';

const sellerStats: SellerDashboardStats = {
  scope: 'downline',
  balance: { current: 0, total: 0, spent: 0, profit: 0 },
  orders: { total: 0, completed: 0, pending: 0, rejected: 0 },
  profitEarned: 0,
  downline: { direct: 0, total: 0 },
  downlineSales: { orders: 0, amount: 0 },
};

const adminStats: AdminDashboardStats = {
  scope: 'platform',
  users: {
    total: 1,
    byRole: { admin: 1, manager: 0, reseller: 0 },
    byStatus: { active: 1, inactive: 0, banned: 0 },
  },
  orders: { total: 0, completed: 0, pending: 0, rejected: 0 },
  revenue: 0,
  platformProfit: 0,
  dockedSales: { orders: 0, revenue: 0, cost: 0, margin: 0 },
  outstanding: { balance: 0, profit: 0 },
  products: { total: 0, outOfStock: 0, lowStock: 0 },
  lowStockProducts: [],
};

/**
 * What the dashboard asks, answered for a fresh platform: every area opens on it, so a test
 * that lands a user in its area (after sign-in, from `/`) passes these to `mockApi`.
 */
export function emptyDashboardReplies(role: Role): Record<string, Reply> {
  return {
    'GET /analytics/dashboard-stats': okReply(role === 'admin' ? adminStats : sellerStats),
    'GET /analytics/revenue-chart': okReply({ period: 'daily', timeZone: 'UTC', buckets: [] }),
    'GET /analytics/user-distribution': okReply({ countries: [], unknown: 0 }),
    'GET /analytics/disk-space': okReply({
      volume: { total: 1000, used: 500, free: 500 },
      database: 100,
      files: 0,
    }),
    'GET /admin/reconciliation/last': okReply({ last: null }),
  };
}
