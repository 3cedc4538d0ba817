import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesFigures, SalesReport, SalesRow } from '@keymarket/contracts/sales-analytics';
import { storageKeys } from '@/lib/storage';
import { aUser } from '@/testing/fixtures';
import { mockApi, okReply, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { SalesScreen } from './sales-screen';

const ME = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const zero: SalesFigures = { orders: 0, units: 0, revenue: 0, profit: 0 };

function aRow(overrides: Partial<SalesRow> & Pick<SalesRow, 'id' | 'name'>): SalesRow {
  return { current: zero, previous: zero, ...overrides };
}

const productRows: SalesRow[] = [
  aRow({
    id: '0b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
    name: 'Steam Wallet 50 EUR',
    current: { orders: 6, units: 12, revenue: 600, profit: 90 },
    previous: { orders: 4, units: 8, revenue: 400, profit: 100 },
  }),
  aRow({
    id: '1b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
    name: 'Netflix Premium',
    docked: true,
    current: { orders: 2, units: 2, revenue: 30, profit: 4.5 },
  }),
];

function aReport(overrides: Partial<SalesReport> = {}): SalesReport {
  return {
    scope: 'platform',
    by: 'product',
    sort: 'revenue',
    period: { from: '2026-11-08T00:00:00.000Z', to: '2026-12-08T00:00:00.000Z' },
    previousPeriod: { from: '2026-10-09T00:00:00.000Z', to: '2026-11-08T00:00:00.000Z' },
    totals: {
      current: { orders: 8, units: 14, revenue: 630, profit: 94.5 },
      previous: { orders: 4, units: 8, revenue: 420, profit: 100 },
    },
    rows: productRows,
    ...overrides,
  };
}

/** The query of every GET /analytics/sales made so far. */
function salesQueries(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/analytics/sales'))
    .map((url) => Object.fromEntries(url.searchParams));
}

function mockSales(report: () => SalesReport) {
  return mockApi({
    'GET /analytics/sales': () => okReply(report()),
    'GET /users/me': okReply(aUser({ id: ME, role: 'manager' })),
    'GET /users/me/role': okReply({ role: 'manager' }),
  });
}

// Presets count from today: a fixed day keeps the dates asked for known. Only Date is faked.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-07T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('sales screen', { timeout: 15_000 }, () => {
  it('shows the top products over the last 30 days, each figure beside the previous period', async () => {
    const fetchMock = mockSales(() => aReport());
    renderWithProviders(<SalesScreen />);

    const table = await screen.findByRole('table', { name: 'Top products by Revenue' });
    expect(salesQueries(fetchMock)).toEqual([
      { by: 'product', sort: 'revenue', limit: '10', from: '2026-11-08', to: '2026-12-07' },
    ]);
    expect(
      screen.getByText('Nov 8 – Dec 7, 2026, compared with Oct 9 – Nov 7, 2026'),
    ).toBeVisible();

    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Steam Wallet 50 EUR');
    expect(first).toHaveTextContent('$600.00');
    expect(first).toHaveTextContent('Up 50% on the previous period');
    // Profit fell from 100 to 90: the share is seen, the sentence heard.
    expect(first).toHaveTextContent('$90.0010%Down 10% on the previous period');
    expect(second).toHaveTextContent('Netflix PremiumDocked');
    expect(second).toHaveTextContent('$30.00NewNothing in the previous period');
    expect(within(second!).getAllByText('New')).toHaveLength(4);

    const revenue = screen.getByRole('group', { name: 'Revenue' });
    expect(revenue).toHaveTextContent('$630.0050%Up 50% on the previous period');
    expect(revenue).toHaveTextContent('Previous period$420.00');
    const units = screen.getByRole('group', { name: 'Units' });
    expect(units).toHaveTextContent('1475%Up 75% on the previous period');
    expect(units).toHaveTextContent('Orders8');
    expect(screen.getByRole('group', { name: 'Profit' })).toHaveTextContent(
      '$94.505.5%Down 5.5% on the previous period',
    );
  });

  it('ranks sellers by units, with their roles, the caller’s own purchases marked', async () => {
    const sellers: SalesRow[] = [
      aRow({
        id: ME,
        name: 'nadia',
        role: 'manager',
        current: { orders: 3, units: 9, revenue: 90, profit: 0 },
      }),
      aRow({
        id: '2b7d1f52-3c2e-4f7a-9a41-7c5e2d9b8a10',
        name: 'karim',
        role: 'reseller',
        current: { orders: 1, units: 5, revenue: 75, profit: 10 },
        previous: { orders: 1, units: 5, revenue: 75, profit: 10 },
      }),
    ];
    let report = aReport();
    const fetchMock = mockSales(() => report);
    renderWithProviders(<SalesScreen />);
    await screen.findByRole('table', { name: 'Top products by Revenue' });
    const user = userEvent.setup();

    report = aReport({ scope: 'downline', by: 'seller', sort: 'units', rows: sellers });
    await user.click(screen.getByRole('button', { name: 'Sellers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rank by' }), 'Units');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows' }), 'Top 25');

    const table = await screen.findByRole('table', { name: 'Top sellers by Units' });
    expect(salesQueries(fetchMock).at(-1)).toEqual({
      by: 'seller',
      sort: 'units',
      limit: '25',
      from: '2026-11-08',
      to: '2026-12-07',
    });
    expect(screen.getByRole('button', { name: 'Sellers' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(table).getByRole('columnheader', { name: 'Units' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('@nadiaManagerYou');
    expect(second).toHaveTextContent('@karimReseller');
    expect(second).toHaveTextContent('$75.000%Same as the previous period');
  });

  it('asks for last month, and for custom dates starting from the days shown', async () => {
    const fetchMock = mockSales(() => aReport());
    renderWithProviders(<SalesScreen />);
    await screen.findByRole('table');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last month');
    await expect
      .poll(() => salesQueries(fetchMock).at(-1))
      .toMatchObject({ from: '2026-11-01', to: '2026-11-30' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom dates');
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    await user.clear(from);
    await user.type(from, '2026-11-15');
    await expect
      .poll(() => salesQueries(fetchMock).at(-1))
      .toMatchObject({ from: '2026-11-15', to: '2026-11-30' });
  });

  it('says nothing sold when the period has no completed order', async () => {
    mockSales(() =>
      aReport({
        rows: [],
        totals: { current: zero, previous: { orders: 1, units: 1, revenue: 10, profit: 2 } },
      }),
    );
    renderWithProviders(<SalesScreen />);

    expect(
      await screen.findByRole('heading', { name: 'Nothing sold in this period' }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Revenue' })).toHaveTextContent(
      '$0.00100%Down 100% on the previous period',
    );
  });

  it('hides every profit figure while profit is hidden', async () => {
    window.localStorage.setItem(storageKeys.profitVisibility, 'false');
    mockSales(() => aReport());
    renderWithProviders(<SalesScreen />);

    const table = await screen.findByRole('table');
    expect(table).not.toHaveTextContent('$90.00');
    expect(screen.getByRole('group', { name: 'Profit' })).toHaveTextContent('Hidden');
    expect(screen.getByRole('group', { name: 'Profit' })).not.toHaveTextContent('$94.50');
  });

  it('downloads the same report as CSV', async () => {
    mockSales(() => aReport());
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderWithProviders(<SalesScreen />, { url: '/?by=seller&sort=-profit&period=last7' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await expect
      .poll(() => clicked)
      .toEqual([
        '/api/analytics/sales?by=seller&sort=profit&limit=10&from=2026-12-01&to=2026-12-07&format=csv',
      ]);
  });
});
