import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  revenuePeriodSchema,
  type AdminDashboardStats,
  type DiskSpace,
  type RevenueChart,
  type SellerDashboardStats,
  type UserDistribution,
} from '@keymarket/contracts/analytics';
import { storageKeys } from '@/lib/storage';
import { errorReply, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { DashboardScreen } from './dashboard-screen';
import { DockedSalesCard } from './docked-sales-card';
import { RevenueChartCard } from './revenue-chart-card';
import { UserDistributionCard } from './user-distribution-card';

const adminStats: AdminDashboardStats = {
  scope: 'platform',
  users: {
    total: 42,
    byRole: { admin: 2, manager: 7, reseller: 33 },
    byStatus: { active: 38, inactive: 3, banned: 1 },
  },
  orders: { total: 120, completed: 100, pending: 15, rejected: 5 },
  revenue: 4321.5,
  platformProfit: 864.3,
  dockedSales: { orders: 12, revenue: 660, cost: 600, margin: 42.5 },
  outstanding: { balance: 1500, profit: 250.25 },
  products: { total: 64, outOfStock: 3, lowStock: 5 },
  lowStockProducts: [
    {
      id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
      name: 'Steam Wallet 50 EUR',
      stock: 0,
      threshold: 5,
    },
    { id: '1b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10', name: 'Netflix Premium', stock: 2, threshold: 3 },
  ],
};

const sellerStats: SellerDashboardStats = {
  scope: 'downline',
  balance: { current: 80.5, total: 300, spent: 219.5, profit: 12.75 },
  orders: { total: 9, completed: 7, pending: 1, rejected: 1 },
  profitEarned: 48.2,
  downline: { direct: 4, total: 11 },
  downlineSales: { orders: 23, amount: 612.4 },
};

function chartOf(period: RevenueChart['period']): RevenueChart {
  const starts = {
    daily: ['2025-03-01', '2025-03-02', '2025-03-03'],
    weekly: ['2025-03-01', '2025-03-03', '2025-03-10'],
    monthly: ['2025-01-01', '2025-02-01', '2025-03-01'],
  }[period];
  return {
    period,
    timeZone: 'UTC',
    buckets: starts.map((day, index) => ({
      start: `${day}T00:00:00.000Z`,
      end: `${starts[index + 1] ?? '2025-03-17'}T00:00:00.000Z`,
      revenue: (index + 1) * 10,
      orders: index + 1,
    })),
  };
}

const distribution: UserDistribution = {
  countries: [
    { country: 'FR', users: 30 },
    { country: 'MA', users: 10 },
  ],
  unknown: 2,
};

const disk: DiskSpace = {
  // 5 GB are reserved for the system: the gauge counts only what can be used, as df does.
  volume: { total: 100_000_000_000, used: 80_000_000_000, free: 15_000_000_000 },
  database: 52_400_000,
  files: 1_500_000,
};

/** Answers every dashboard call; the chart follows the `period` the screen asked for. */
function mockDashboard(stats: AdminDashboardStats | SellerDashboardStats) {
  const fetchMock = mockApi({
    'GET /analytics/dashboard-stats': okReply(stats),
    'GET /analytics/revenue-chart': () => okReply(chartOf(latestChartPeriod())),
    // No users with a country: the map (a heavy chunk) stays out of the screen-wide tests.
    'GET /analytics/user-distribution': okReply({ countries: [], unknown: 0 }),
    'GET /analytics/disk-space': okReply(disk),
    'GET /admin/reconciliation/last': okReply({ last: null }),
  });
  // A call is recorded before its handler runs, so the latest chart call is the one answered.
  function latestChartPeriod() {
    const chartUrl = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/revenue-chart'))
      .pop();
    return revenuePeriodSchema.parse(chartUrl?.searchParams.get('period'));
  }
  return fetchMock;
}

// The first test of the file also pays for transforming the screen's modules and locales, which
// takes seconds on a busy machine.
describe('admin dashboard', { timeout: 15_000 }, () => {
  it('shows the platform figures from the stats', async () => {
    mockDashboard(adminStats);
    renderWithProviders(<DashboardScreen role="admin" />);

    const revenue = await screen.findByRole('group', { name: 'Revenue' });
    expect(revenue).toHaveTextContent('$4321.5');
    expect(revenue).toHaveTextContent('Completed orders100');
    const profit = screen.getByRole('group', { name: 'Platform profit' });
    expect(profit).toHaveTextContent('$864.3');
    expect(profit).toHaveTextContent('Of which on docked sales$42.5');
    expect(screen.getByRole('group', { name: 'Held by users' })).toHaveTextContent('$1750.25');
    const users = screen.getByRole('group', { name: 'Users' });
    expect(users).toHaveTextContent('42');
    expect(users).toHaveTextContent('Manager7');
    expect(screen.getByRole('group', { name: 'Active accounts' })).toHaveTextContent('Banned1');
    expect(screen.getByRole('group', { name: 'Products' })).toHaveTextContent('Out of stock3');

    // A card is a plain section, no landmark: found through its heading.
    // eslint-disable-next-line testing-library/no-node-access
    const lowStock = screen.getByRole('heading', { name: 'Low stock' }).closest('section')!;
    const items = within(lowStock).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Steam Wallet 50 EUROut of stock');
    expect(items[1]).toHaveTextContent('Netflix PremiumStock: 2');
  });

  it('shows the storage gauge with human-readable sizes', async () => {
    mockDashboard(adminStats);
    renderWithProviders(<DashboardScreen role="admin" />);

    const gauge = await screen.findByRole('meter', { name: 'Storage volume used' });
    expect(gauge).toHaveAttribute('aria-valuenow', '84');
    expect(gauge).toHaveAttribute('aria-valuetext', '80 GB used, 15 GB free');
    // A card is a plain section, no landmark: found through its heading.
    // eslint-disable-next-line testing-library/no-node-access
    const storage = screen.getByRole('heading', { name: 'Server storage' }).closest('section')!;
    expect(storage).toHaveTextContent('Free15 GB');
    expect(storage).toHaveTextContent('Database52 MB');
    expect(storage).toHaveTextContent('Uploaded files1.5 MB');
  });

  // The map's chunk (shapes, projection) takes a few seconds to transform on a busy machine.
  it(
    'lists users by country beside the map, unknown countries last',
    { timeout: 20_000 },
    async () => {
      mockApi({ 'GET /analytics/user-distribution': okReply(distribution) });
      renderWithProviders(<UserDistributionCard scope="platform" />);

      const table = await screen.findByRole('table', { name: 'Users by country' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        'France3071.4%',
        'Morocco1023.8%',
        'Unknown country24.8%',
      ]);
      const map = await screen.findByRole('img', { name: 'World map of users by country' });
      expect(within(map).getByText('France — users: 30')).toBeInTheDocument();
    },
  );

  it('fetches the chart again when the period changes', async () => {
    const fetchMock = mockDashboard(adminStats);
    renderWithProviders(<DashboardScreen role="admin" />);

    const table = await screen.findByRole('table', {
      name: 'Revenue per day over the past 7 days',
    });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Saturday, March 1$10.001');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    const monthly = await screen.findByRole('table', { name: 'Revenue per month of this year' });
    expect(within(monthly).getAllByRole('row')[2]).toHaveTextContent('February 2025$20.002');
    const chartUrls = fetchMock.mock.calls
      .map(([input]) => urlOf(input))
      .filter((url) => url.includes('/revenue-chart'));
    expect(chartUrls).toEqual([
      expect.stringContaining('period=daily'),
      expect.stringContaining('period=monthly'),
    ]);
    expect(screen.getByText('$60.00')).toBeInTheDocument();
  });

  it('draws the chart in the chosen currency, with round steps in it', async () => {
    window.localStorage.setItem(
      storageKeys.displayCurrency,
      JSON.stringify({ code: 'EUR', symbol: '€', rateToUSD: 0.92 }),
    );
    mockApi({ 'GET /analytics/revenue-chart': okReply(chartOf('daily')) });
    renderWithProviders(<RevenueChartCard />);

    const table = await screen.findByRole('table', {
      name: 'Revenue per day over the past 7 days',
    });
    // $10, $20 and $30 are €9.2, €18.4 and €27.6: the axis reaches €30 in steps of €10.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('€9.20');
    for (const tick of ['€0.00', '€10.00', '€20.00', '€30.00'])
      expect(screen.getByText(tick)).toBeInTheDocument();
    expect(screen.getByText('€55.20')).toBeInTheDocument();
  });

  it('says the chart failed and lets the reader try again', async () => {
    mockApi({
      'GET /analytics/dashboard-stats': okReply(adminStats),
      'GET /analytics/revenue-chart': errorReply('internal'),
      'GET /analytics/user-distribution': okReply({ countries: [], unknown: 0 }),
      'GET /analytics/disk-space': okReply(disk),
      'GET /admin/reconciliation/last': okReply({ last: null }),
    });
    renderWithProviders(<DashboardScreen role="admin" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load results. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('manager and reseller dashboard', { timeout: 15_000 }, () => {
  it('shows its balance, profit, orders and downline, and never asks for disk space', async () => {
    const fetchMock = mockDashboard(sellerStats);
    renderWithProviders(<DashboardScreen role="reseller" />);

    const balance = await screen.findByRole('group', { name: 'Balance' });
    expect(balance).toHaveTextContent('$80.50');
    // "Spent" is the balance's figure, pending purchases included, as the label says: the orders
    // list's total of completed orders has a name of its own.
    expect(balance).toHaveTextContent('Spent, pending orders included$219.50');
    expect(screen.getByRole('group', { name: 'Profit earned' })).toHaveTextContent(
      '$48.20Ready to convert$12.75',
    );
    expect(screen.getByRole('group', { name: 'Downline sales' })).toHaveTextContent(
      '$612.40Completed orders23',
    );
    expect(screen.getByRole('group', { name: 'Downline' })).toHaveTextContent(
      '11Invited by you4Invited by your invitees7',
    );
    expect(screen.getByRole('group', { name: 'My orders' })).toHaveTextContent('Pending1');
    await screen.findByRole('heading', { name: 'Your downline by country' });
    expect(requestedPaths(fetchMock)).not.toContain('GET /analytics/disk-space');
    expect(requestedPaths(fetchMock)).not.toContain('GET /admin/reconciliation/last');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('hides every profit figure while profit is hidden', async () => {
    window.localStorage.setItem(storageKeys.profitVisibility, 'false');
    mockDashboard(sellerStats);
    renderWithProviders(<DashboardScreen role="manager" />);

    const profit = await screen.findByRole('group', { name: 'Profit earned' });
    expect(profit).not.toHaveTextContent('$48.2');
    expect(profit).not.toHaveTextContent('$12.75');
    expect(within(profit).getAllByText('Hidden')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Balance' })).toHaveTextContent('$80.50');
  });
});

describe('margin on docked sales', () => {
  it('reads the docked sales of the dates given and shows the margin with what made it', async () => {
    const fetchMock = mockApi({
      'GET /analytics/docked-sales': okReply({ orders: 3, revenue: 16.5, cost: 15, margin: 1.5 }),
    });
    renderWithProviders(<DockedSalesCard from="2026-12-01" to="2026-12-07" />);

    const card = await screen.findByRole('group', {
      name: 'Margin on docked sales in these dates',
    });
    expect(card).toHaveTextContent('$1.50');
    expect(card).toHaveTextContent('Docked orders completed3');
    expect(card).toHaveTextContent('Paid by buyers$16.50');
    expect(card).toHaveTextContent('Paid to suppliers$15.00');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/analytics/docked-sales'));
    expect(asked?.search).toBe('?from=2026-12-01&to=2026-12-07');
  });
});
