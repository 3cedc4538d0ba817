import { z } from './zod';
import { dateRangeFields, rangeInOrder, rangeOrderError } from './pagination';
import { searchText } from './text';
import { balanceSchema, orderCountsSchema, roleSchema } from './users';

/**
 * Analytics (specification §7 Analytics, DESIGN.md §6). An admin sees the whole platform; a
 * manager or reseller sees itself and its downline. Amounts are USD numbers (2 decimals).
 */

/** Charts bucket days in this zone; documented so a dashboard reader knows where midnight is. */
export const ANALYTICS_TIME_ZONE = 'UTC';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_RESULTS_MAX = 10;

/**
 * Completed orders of docked products (DESIGN.md §14): what the buyers paid, what the platform
 * paid its suppliers (each order's quantity × the upstream unit cost recorded on it), and the
 * platform's margin: what the platform was paid for them (the top of the pricing chain's price,
 * else the buyer's) minus that cost. Sellers' margins are theirs, not the platform's.
 */
export const dockedSalesSchema = z.object({
  orders: z.number().int(),
  revenue: z.number(),
  cost: z.number(),
  margin: z.number(),
});
export type DockedSales = z.infer<typeof dockedSalesSchema>;

/** GET /analytics/docked-sales?from&to (admin): the docked sales completed in that range. */
export const dockedSalesQuerySchema = z
  .object({ ...dateRangeFields })
  .refine(rangeInOrder, rangeOrderError);
export type DockedSalesQueryInput = z.input<typeof dockedSalesQuerySchema>;

export const adminDashboardStatsSchema = z.object({
  scope: z.literal('platform'),
  users: z.object({
    total: z.number().int(),
    byRole: z.object({
      admin: z.number().int(),
      manager: z.number().int(),
      reseller: z.number().int(),
    }),
    byStatus: z.object({
      active: z.number().int(),
      inactive: z.number().int(),
      banned: z.number().int(),
    }),
  }),
  orders: orderCountsSchema,
  /** Sum of completed orders' totals. */
  revenue: z.number(),
  /** What the platform earned over its initial prices on completed orders. */
  platformProfit: z.number(),
  /** Of those, the orders of docked products, since the beginning. */
  dockedSales: dockedSalesSchema,
  /** Money held by users: balances and unconverted profit. */
  outstanding: z.object({ balance: z.number(), profit: z.number() }),
  /** Products not deleted; `lowStock` (stock ≤ the product's threshold) includes the sold-out ones. */
  products: z.object({
    total: z.number().int(),
    outOfStock: z.number().int(),
    lowStock: z.number().int(),
  }),
  /** Products (not deleted) with stock ≤ their threshold (their own, else the settings' default), lowest first, at most 10. */
  lowStockProducts: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      stock: z.number().int(),
      /** The product's own threshold, or the system settings' default. */
      threshold: z.number().int(),
    }),
  ),
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsSchema>;

export const sellerDashboardStatsSchema = z.object({
  scope: z.literal('downline'),
  balance: balanceSchema,
  /** The caller's own orders. */
  orders: orderCountsSchema,
  /** Profit ever earned on the downline's purchases (before conversion). */
  profitEarned: z.number(),
  downline: z.object({ direct: z.number().int(), total: z.number().int() }),
  /** Completed orders placed by the downline (not the caller). */
  downlineSales: z.object({ orders: z.number().int(), amount: z.number() }),
});
export type SellerDashboardStats = z.infer<typeof sellerDashboardStatsSchema>;

export const dashboardStatsSchema = z.discriminatedUnion('scope', [
  adminDashboardStatsSchema,
  sellerDashboardStatsSchema,
]);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const revenuePeriods = ['daily', 'weekly', 'monthly'] as const;
export const revenuePeriodSchema = z.enum(revenuePeriods);
export type RevenuePeriod = z.infer<typeof revenuePeriodSchema>;

export const revenueChartQuerySchema = z.object({
  period: revenuePeriodSchema.default('daily'),
});

/**
 * daily: the past 7 days including today; weekly: the weeks (Monday first) that overlap the
 * current month, clipped to it; monthly: January to December of the current year. Every bucket
 * is present, zero when nothing happened. Revenue counts completed orders by completion time.
 */
export const revenueChartSchema = z.object({
  period: revenuePeriodSchema,
  timeZone: z.string(),
  buckets: z.array(
    z.object({
      /** Inclusive start and exclusive end, ISO date-times. */
      start: z.iso.datetime(),
      end: z.iso.datetime(),
      revenue: z.number(),
      orders: z.number().int(),
    }),
  ),
});
export type RevenueChart = z.infer<typeof revenueChartSchema>;

/** Users by the country last seen in, else the signup country: all (admin) or the downline. */
export const userDistributionSchema = z.object({
  /** ISO 3166-1 alpha-2 codes, most users first. */
  countries: z.array(z.object({ country: z.string().length(2), users: z.number().int() })),
  /** Users whose country is not known. */
  unknown: z.number().int(),
});
export type UserDistribution = z.infer<typeof userDistributionSchema>;

export const diskSpaceSchema = z.object({
  /** The volume holding DATA_DIR (bytes). */
  volume: z.object({ total: z.number(), used: z.number(), free: z.number() }),
  /** pg_database_size of the current database (bytes). */
  database: z.number(),
  /** Bytes of uploaded files stored. */
  files: z.number(),
});
export type DiskSpace = z.infer<typeof diskSpaceSchema>;

export const searchQuerySchema = z.object({
  query: searchText({ error: 'Please type something to search' })
    .min(1, 'Please type something to search')
    .max(SEARCH_QUERY_MAX, `Search text cannot exceed ${SEARCH_QUERY_MAX} characters`),
});

export const searchResultsSchema = z.object({
  products: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      categoryId: z.uuid(),
      imageUrl: z.string().nullable(),
    }),
  ),
  /** Admins: every user; a manager or reseller: its downline only. */
  users: z.array(
    z.object({
      id: z.uuid(),
      username: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: roleSchema,
    }),
  ),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
