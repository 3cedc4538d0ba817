import {
  ANALYTICS_TIME_ZONE,
  type AdminDashboardStats,
  type DashboardStats,
  type DiskSpace,
  type DockedSales,
  type RevenueChart,
  type RevenuePeriod,
  type SearchResults,
  type SellerDashboardStats,
  type UserDistribution,
} from '@keymarket/contracts/analytics';
import { fromCents } from '@keymarket/contracts/money';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { isAdmin, requireAdmin } from '../access/policy';
import { fileUrl } from '../files/files.repository';
import { orderCountsOf } from '../users/order-counts';
import { balanceTotals, findUserById } from '../users/users.repository';
import { balanceView } from '../users/user-view';
import {
  dockedSalesTotals,
  lowStockProducts,
  productTotals,
  searchProducts,
  searchUsers,
  sellerTotals,
  storageBytes,
  userTotals,
  usersByCountry,
} from './analytics.repository';
import { downlineDays, ownDays, platformDays } from './daily-sales.repository';
import { periodBuckets, rollupCutoff, sumIntoBuckets } from './periods';
import { volumeOf } from './volume';

export interface AnalyticsOptions {
  /** DATA_DIR: its volume is the one the disk-space card reports. */
  dataDir: string;
  /** The clock; tests fix it to check the chart buckets. */
  now?: () => Date;
}

/** Since the beginning: every day rolled up or live. */
const ALL_TIME = { from: new Date(0) };

const sum = <T>(rows: readonly T[], of: (row: T) => bigint) =>
  rows.reduce((total, row) => total + of(row), 0n);
const count = <T>(rows: readonly T[], of: (row: T) => number) =>
  rows.reduce((total, row) => total + of(row), 0);

/**
 * Specification §7 Analytics: an admin sees the whole platform, a manager or reseller itself and
 * its downline (DESIGN.md §6).
 */
export class AnalyticsService {
  private readonly now: () => Date;

  constructor(
    db: Database,
    private readonly options: AnalyticsOptions,
    /** Every figure here tolerates lag: read from the replica when there is a fit one. */
    private readonly reads = new ReadRouting(db),
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async dashboardStats(caller: AuthContext): Promise<DashboardStats> {
    return isAdmin(caller) ? this.platformStats() : this.sellerStats(caller.userId);
  }

  private async platformStats(): Promise<AdminDashboardStats> {
    const db = await this.reads.reader();
    const cutoff = rollupCutoff(this.now());
    const [userRows, days, productCounts, lowStock, docked] = await Promise.all([
      userTotals(db),
      platformDays(db, ALL_TIME, cutoff),
      productTotals(db),
      lowStockProducts(db),
      dockedSalesTotals(db, {}),
    ]);
    const usersWith = (test: (row: (typeof userRows)[number]) => boolean) =>
      count(userRows.filter(test), (r) => r.users);
    const placed = count(days, (d) => d.placedOrders);
    const completed = count(days, (d) => d.orders);
    const rejected = count(days, (d) => d.rejectedOrders);
    return {
      scope: 'platform',
      users: {
        total: usersWith(() => true),
        byRole: {
          admin: usersWith((r) => r.role === 'admin'),
          manager: usersWith((r) => r.role === 'manager'),
          reseller: usersWith((r) => r.role === 'reseller'),
        },
        byStatus: {
          active: usersWith((r) => r.status === 'active'),
          inactive: usersWith((r) => r.status === 'inactive'),
          banned: usersWith((r) => r.status === 'banned'),
        },
      },
      // Every order is placed once and leaves `pending` at most once (completed or rejected).
      orders: { total: placed, completed, rejected, pending: placed - completed - rejected },
      revenue: fromCents(sum(days, (d) => d.revenueCents)),
      platformProfit: fromCents(sum(days, (d) => d.platformShareCents - d.platformCostCents)),
      dockedSales: dockedSalesView(docked),
      outstanding: {
        balance: fromCents(sum(userRows, (r) => r.balanceCents)),
        profit: fromCents(sum(userRows, (r) => r.profitCents)),
      },
      products: productCounts,
      lowStockProducts: lowStock,
    };
  }

  private async sellerStats(userId: string): Promise<SellerDashboardStats> {
    const db = await this.reads.reader();
    const cutoff = rollupCutoff(this.now());
    const [user, totals, orders, seller, sales] = await Promise.all([
      findUserById(db, userId),
      balanceTotals(db, userId),
      orderCountsOf(db, userId),
      sellerTotals(db, userId),
      downlineDays(db, userId, ALL_TIME, cutoff),
    ]);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    return {
      scope: 'downline',
      balance: balanceView(user, totals),
      orders,
      profitEarned: fromCents(seller.profitEarnedCents),
      downline: seller.downline,
      downlineSales: {
        orders: count(sales, (d) => d.orders),
        amount: fromCents(sum(sales, (d) => d.revenueCents)),
      },
    };
  }

  /**
   * Completed orders by completion day: the platform's for an admin; for a manager or reseller
   * its own and its downline's (docs/adr/0008-analytics-dashboard.md), like the Orders screen's
   * "show all" revenue.
   */
  async revenueChart(caller: AuthContext, period: RevenuePeriod): Promise<RevenueChart> {
    const db = await this.reads.reader();
    const now = this.now();
    const buckets = periodBuckets(period, now);
    const first = buckets[0];
    const last = buckets.at(-1);
    if (!first || !last) throw new Error(`The ${period} period has no buckets`);
    const range = { from: first.start, to: last.end };
    const cutoff = rollupCutoff(now);
    const days = isAdmin(caller)
      ? await platformDays(db, range, cutoff)
      : (
          await Promise.all([
            downlineDays(db, caller.userId, range, cutoff),
            ownDays(db, caller.userId, range),
          ])
        ).flat();
    return {
      period,
      timeZone: ANALYTICS_TIME_ZONE,
      buckets: sumIntoBuckets(buckets, days).map((bucket) => ({
        start: bucket.start.toISOString(),
        end: bucket.end.toISOString(),
        revenue: fromCents(bucket.revenueCents),
        orders: bucket.orders,
      })),
    };
  }

  /** Users by the country last seen (else at signup): all of them for an admin, else the downline. */
  async userDistribution(caller: AuthContext): Promise<UserDistribution> {
    const db = await this.reads.reader();
    const rows = await usersByCountry(db, isAdmin(caller) ? undefined : caller.userId);
    const known = rows.filter((r): r is { country: string; users: number } => r.country !== null);
    return {
      countries: known.map((r) => ({ country: r.country, users: r.users })),
      unknown: count(
        rows.filter((r) => r.country === null),
        (r) => r.users,
      ),
    };
  }

  /** The docked sales completed in [from, to), for the admin's statement of that range. */
  async dockedSales(caller: AuthContext, range: { from?: Date; to?: Date }): Promise<DockedSales> {
    requireAdmin(caller);
    return dockedSalesView(await dockedSalesTotals(await this.reads.reader(), range));
  }

  async diskSpace(caller: AuthContext): Promise<DiskSpace> {
    requireAdmin(caller);
    const db = await this.reads.reader();
    const [volume, stored] = await Promise.all([volumeOf(this.options.dataDir), storageBytes(db)]);
    return { volume, database: stored.database, files: stored.files };
  }

  /** Products the caller can see (deleted ones for admins only) and users it may look at. */
  async search(caller: AuthContext, query: string): Promise<SearchResults> {
    const db = await this.reads.reader();
    const admin = isAdmin(caller);
    const [productRows, userRows] = await Promise.all([
      searchProducts(db, query, admin),
      searchUsers(db, query, admin ? undefined : caller.userId),
    ]);
    return {
      products: productRows.map(({ imageFileId, ...product }) => ({
        ...product,
        imageUrl: fileUrl(imageFileId),
      })),
      users: userRows,
    };
  }
}

function dockedSalesView(totals: Awaited<ReturnType<typeof dockedSalesTotals>>): DockedSales {
  return {
    orders: totals.orders,
    revenue: fromCents(totals.revenueCents),
    cost: fromCents(totals.costCents),
    margin: fromCents(totals.marginCents),
  };
}
