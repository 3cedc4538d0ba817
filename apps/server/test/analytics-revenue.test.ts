import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDashboardStats,
  RevenueChart,
  RevenuePeriod,
  SellerDashboardStats,
} from '@keymarket/contracts/analytics';
import type { products } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { analyticsAs, insertHistoricalOrder, type HistoricalOrder } from './helpers/analytics';
import { CatalogueFactory } from './helpers/catalogue-factory';
import type { SignedInUser } from './helpers/factory';
import { queryRows } from './helpers/money';
import { userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';
import type { ErrorBody } from '@keymarket/contracts/errors';

/**
 * The revenue chart and the order figures of the dashboard on a fixed dataset with a fixed clock:
 * Wednesday 19 March 2025, 15:00 UTC. Days before 18 March are rolled up on the first call;
 * 18 and 19 March are read live.
 */
const NOW = new Date('2025-03-19T15:00:00.000Z');
let clock = NOW;

const ctx = useTestApp({}, undefined, { now: () => clock });
let trees: Awaited<ReturnType<typeof userTrees>>;
let product: typeof products.$inferSelect;
let resellerA3: SignedInUser;

type Buyer = 'managerA' | 'resellerA1' | 'resellerA2' | 'resellerA3' | 'managerB' | 'resellerB1';

interface Sale {
  buyer: Buyer;
  status: HistoricalOrder['status'];
  unitCents: bigint;
  quantity?: number;
  /** Placement; defaults to `at`. */
  placed?: string;
  /** Completion or rejection. */
  at?: string;
  platformUnitCents?: bigint;
  initialPriceCents?: bigint | null;
}

// The product's initial price: 200 cents a unit.
const DATASET: Sale[] = [
  {
    buyer: 'resellerA2',
    status: 'completed',
    unitCents: 1000n,
    at: '2025-03-19T10:00:00Z',
    platformUnitCents: 800n,
  },
  // The last millisecond of yesterday; the product's current initial price stands in for a missing one.
  {
    buyer: 'resellerA1',
    status: 'completed',
    unitCents: 2000n,
    at: '2025-03-18T23:59:59.999Z',
    initialPriceCents: null,
  },
  // The first instant of a Monday, two units.
  {
    buyer: 'resellerA3',
    status: 'completed',
    unitCents: 550n,
    quantity: 2,
    at: '2025-03-17T00:00:00Z',
  },
  // Placed one week, completed the next: counted when completed.
  {
    buyer: 'resellerA2',
    status: 'completed',
    unitCents: 725n,
    placed: '2025-03-10T08:00:00Z',
    at: '2025-03-16T23:59:59Z',
  },
  // The manager's own purchase.
  { buyer: 'managerA', status: 'completed', unitCents: 10000n, at: '2025-03-13T00:00:00Z' },
  // One second before the daily window.
  { buyer: 'resellerA1', status: 'completed', unitCents: 300n, at: '2025-03-12T23:59:59Z' },
  { buyer: 'resellerA2', status: 'completed', unitCents: 4000n, at: '2025-03-01T00:00:00Z' },
  { buyer: 'resellerA1', status: 'completed', unitCents: 5000n, at: '2025-02-28T23:59:59Z' },
  { buyer: 'resellerA3', status: 'completed', unitCents: 6000n, at: '2025-01-01T00:00:00Z' },
  // Last year: in the all-time figures, in no chart.
  { buyer: 'resellerA2', status: 'completed', unitCents: 7000n, at: '2024-12-31T23:59:59Z' },
  // Another manager's tree.
  { buyer: 'resellerB1', status: 'completed', unitCents: 100000n, at: '2025-03-19T09:00:00Z' },
  { buyer: 'resellerB1', status: 'completed', unitCents: 200000n, at: '2025-03-10T12:00:00Z' },
  // Neither pending nor rejected orders are revenue.
  { buyer: 'resellerA2', status: 'pending', unitCents: 999n, placed: '2025-03-19T11:00:00Z' },
  {
    buyer: 'resellerA1',
    status: 'rejected',
    unitCents: 888n,
    placed: '2025-03-15T10:00:00Z',
    at: '2025-03-16T10:00:00Z',
  },
  {
    buyer: 'resellerA2',
    status: 'rejected',
    unitCents: 777n,
    placed: '2025-03-19T08:00:00Z',
    at: '2025-03-19T09:00:00Z',
  },
];

const row = (buyer: Buyer): UserRow =>
  buyer === 'resellerA2' || buyer === 'resellerA3' || buyer === 'resellerB1'
    ? trees[buyer]
    : trees[buyer].user;

async function insertSale(sale: Sale) {
  await insertHistoricalOrder(ctx.database.db, {
    buyer: row(sale.buyer),
    product,
    status: sale.status,
    quantity: sale.quantity,
    unitCents: sale.unitCents,
    platformUnitCents: sale.platformUnitCents,
    initialPriceCents: sale.initialPriceCents,
    createdAt: new Date(sale.placed ?? sale.at!),
    answeredAt: sale.at ? new Date(sale.at) : undefined,
  });
}

beforeAll(async () => {
  trees = await userTrees(ctx);
  resellerA3 = await ctx.factory.signIn(trees.resellerA3);
  product = await new CatalogueFactory(ctx.database.db).product({ initialPriceCents: 200n });
  for (const sale of DATASET) await insertSale(sale);
});

const chartOf = (viewer: SignedInUser, period: RevenuePeriod) =>
  analyticsAs<RevenueChart>(viewer, `/api/analytics/revenue-chart?period=${period}`);

/** [start day, revenue, orders] of each bucket. */
const shape = (chart: RevenueChart) =>
  chart.buckets.map((b) => [b.start.slice(0, 10), b.revenue, b.orders] as const);

/** Who each viewer's chart covers: itself and its downline. */
const SCOPES: Record<string, Buyer[]> = {
  managerA: ['managerA', 'resellerA1', 'resellerA2', 'resellerA3'],
  resellerA1: ['resellerA1', 'resellerA2'],
  resellerA3: ['resellerA3'],
  managerB: ['managerB', 'resellerB1'],
};

/** The chart worked out naively from the dataset, for comparison. */
function expectedChart(chart: RevenueChart, buyers: Buyer[] | 'all', sales = DATASET) {
  return chart.buckets.map((bucket) => {
    const inside = sales.filter(
      (s) =>
        s.status === 'completed' &&
        (buyers === 'all' || buyers.includes(s.buyer)) &&
        new Date(s.at!) >= new Date(bucket.start) &&
        new Date(s.at!) < new Date(bucket.end),
    );
    const cents = inside.reduce((sum, s) => sum + s.unitCents * BigInt(s.quantity ?? 1), 0n);
    return [bucket.start.slice(0, 10), Number(cents) / 100, inside.length] as const;
  });
}

const viewers = () => ({
  managerA: trees.managerA,
  resellerA1: trees.resellerA1,
  resellerA3,
  managerB: trees.managerB,
});

describe('rollups under concurrent first calls', () => {
  it('answers the same to simultaneous first calls of one scope and sums each day once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => chartOf(trees.managerB, 'monthly')),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.buckets[2]).toMatchObject({ revenue: 3000, orders: 2 });
    const [marks] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from analytics_rollup_marks where scope = ${trees.managerB.user.id}`,
    );
    expect(marks!.n).toBe(1);
  });
});

describe('GET /api/analytics/revenue-chart: buckets and sums', () => {
  it('daily: the past 7 days up to today, zero-filled, for an admin over the whole platform', async () => {
    const chart = await chartOf(trees.admin, 'daily');
    expect(chart.period).toBe('daily');
    expect(chart.timeZone).toBe('UTC');
    expect(chart.buckets[0]).toMatchObject({
      start: '2025-03-13T00:00:00.000Z',
      end: '2025-03-14T00:00:00.000Z',
    });
    expect(shape(chart)).toEqual([
      ['2025-03-13', 100, 1],
      ['2025-03-14', 0, 0],
      ['2025-03-15', 0, 0],
      ['2025-03-16', 7.25, 1],
      ['2025-03-17', 11, 1],
      ['2025-03-18', 20, 1],
      ['2025-03-19', 1010, 2],
    ]);
  });

  it('weekly: Monday-first weeks of March clipped to the month', async () => {
    expect(shape(await chartOf(trees.admin, 'weekly'))).toEqual([
      ['2025-03-01', 40, 1],
      ['2025-03-03', 0, 0],
      ['2025-03-10', 2110.25, 4],
      ['2025-03-17', 1041, 4],
      ['2025-03-24', 0, 0],
      ['2025-03-31', 0, 0],
    ]);
  });

  it('monthly: January to December of this year; last year is left out', async () => {
    const chart = await chartOf(trees.admin, 'monthly');
    expect(shape(chart)).toEqual([
      ['2025-01-01', 60, 1],
      ['2025-02-01', 50, 1],
      ['2025-03-01', 3191.25, 9],
      ...['04', '05', '06', '07', '08', '09', '10', '11', '12'].map(
        (m) => [`2025-${m}-01`, 0, 0] as const,
      ),
    ]);
    expect(chart.buckets[11]!.end).toBe('2026-01-01T00:00:00.000Z');
  });

  it('defaults to daily', async () => {
    const chart = await analyticsAs<RevenueChart>(trees.admin, '/api/analytics/revenue-chart');
    expect(chart.period).toBe('daily');
    expect(chart.buckets).toHaveLength(7);
  });

  it('a manager sees its own and its downline’s sales, never another manager’s', async () => {
    expect(shape(await chartOf(trees.managerA, 'daily'))).toEqual([
      ['2025-03-13', 100, 1],
      ['2025-03-14', 0, 0],
      ['2025-03-15', 0, 0],
      ['2025-03-16', 7.25, 1],
      ['2025-03-17', 11, 1],
      ['2025-03-18', 20, 1],
      ['2025-03-19', 10, 1],
    ]);
    expect(shape(await chartOf(trees.managerA, 'monthly')).slice(0, 3)).toEqual([
      ['2025-01-01', 60, 1],
      ['2025-02-01', 50, 1],
      ['2025-03-01', 191.25, 7],
    ]);
  });

  it('a reseller sees itself and the users below it, not its siblings or its manager', async () => {
    expect(shape(await chartOf(trees.resellerA1, 'monthly')).slice(0, 3)).toEqual([
      ['2025-01-01', 0, 0],
      ['2025-02-01', 50, 1],
      ['2025-03-01', 80.25, 5],
    ]);
    expect(shape(await chartOf(resellerA3, 'daily')).map(([, revenue]) => revenue)).toEqual([
      0, 0, 0, 0, 11, 0, 0,
    ]);
  });

  it('every period of every viewer matches the sums worked out from the dataset', async () => {
    for (const period of ['daily', 'weekly', 'monthly'] as const) {
      const admin = await chartOf(trees.admin, period);
      expect(shape(admin), `admin ${period}`).toEqual(expectedChart(admin, 'all'));
      for (const [name, viewer] of Object.entries(viewers())) {
        const chart = await chartOf(viewer, period);
        expect(shape(chart), `${name} ${period}`).toEqual(expectedChart(chart, SCOPES[name]!));
      }
    }
  });

  it('rejects an unknown period with 400', async () => {
    const response = await trees.admin.inject({
      method: 'GET',
      url: '/api/analytics/revenue-chart?period=hourly',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>().message.type).toBe('validation');
  });
});

describe('GET /api/analytics/dashboard-stats: order figures', () => {
  it('gives an admin every order of the platform, revenue and the platform’s profit', async () => {
    const stats = await analyticsAs<AdminDashboardStats>(
      trees.admin,
      '/api/analytics/dashboard-stats',
    );
    expect(stats.scope).toBe('platform');
    expect(stats.orders).toEqual({ total: 15, completed: 12, pending: 1, rejected: 2 });
    expect(stats.revenue).toBe(3371.25);
    // Σ (what the chain's top paid − initial price) × quantity over completed orders.
    expect(stats.platformProfit).toBe(3343.25);
  });

  it('gives a manager or reseller its downline’s completed sales, without its own', async () => {
    const managerA = await analyticsAs<SellerDashboardStats>(
      trees.managerA,
      '/api/analytics/dashboard-stats',
    );
    expect(managerA.scope).toBe('downline');
    expect(managerA.downlineSales).toEqual({ orders: 9, amount: 271.25 });
    const resellerA1 = await analyticsAs<SellerDashboardStats>(
      trees.resellerA1,
      '/api/analytics/dashboard-stats',
    );
    expect(resellerA1.downlineSales).toEqual({ orders: 4, amount: 127.25 });
    const managerB = await analyticsAs<SellerDashboardStats>(
      trees.managerB,
      '/api/analytics/dashboard-stats',
    );
    expect(managerB.downlineSales).toEqual({ orders: 2, amount: 3000 });
  });
});

describe('finished days are summed once, the last two days live', () => {
  it('keeps the finished days in the rollup and leaves yesterday and today out of it', async () => {
    const days = await queryRows<{ day: string; revenue: string }>(
      ctx.database.db,
      sql`select day::text as day, revenue_cents::text as revenue from platform_daily_sales order by day`,
    );
    const byDay = Object.fromEntries(days.map((d) => [d.day, Number(d.revenue)]));
    expect(byDay['2025-03-17']).toBe(1100);
    expect(byDay['2024-12-31']).toBe(7000);
    expect(byDay['2025-03-18']).toBeUndefined();
    expect(byDay['2025-03-19']).toBeUndefined();
  });

  it('shows a sale completed today at once', async () => {
    const sale: Sale = {
      buyer: 'resellerA2',
      status: 'completed',
      unitCents: 500n,
      at: '2025-03-19T14:00:00Z',
    };
    await insertSale(sale);
    const admin = await chartOf(trees.admin, 'daily');
    expect(shape(admin)[6]).toEqual(['2025-03-19', 1015, 3]);
    const managerA = await chartOf(trees.managerA, 'daily');
    expect(shape(managerA)[6]).toEqual(['2025-03-19', 15, 2]);
    const stats = await analyticsAs<AdminDashboardStats>(
      trees.admin,
      '/api/analytics/dashboard-stats',
    );
    expect(stats.revenue).toBe(3376.25);
    DATASET.push(sale);
  });

  it('rolls yesterday and today up when the clock moves on, with the same figures', async () => {
    const before = await chartOf(trees.managerA, 'monthly');
    clock = new Date('2025-03-21T01:00:00.000Z');
    try {
      const after = await chartOf(trees.managerA, 'monthly');
      expect(after).toEqual(before);
      const daily = await chartOf(trees.admin, 'daily');
      expect(shape(daily)).toEqual(expectedChart(daily, 'all'));
      expect(shape(daily).map(([day]) => day)).toEqual([
        '2025-03-15',
        '2025-03-16',
        '2025-03-17',
        '2025-03-18',
        '2025-03-19',
        '2025-03-20',
        '2025-03-21',
      ]);
      const [rolled] = await queryRows<{ revenue: string }>(
        ctx.database.db,
        sql`select revenue_cents::text as revenue from platform_daily_sales where day = '2025-03-19'`,
      );
      expect(Number(rolled!.revenue)).toBe(101500);
    } finally {
      clock = NOW;
    }
    // Back in time: the rolled-up days are read live again, never twice.
    expect(await chartOf(trees.managerA, 'monthly')).toEqual(before);
    const stats = await analyticsAs<AdminDashboardStats>(
      trees.admin,
      '/api/analytics/dashboard-stats',
    );
    expect(stats.revenue).toBe(3376.25);
    expect(stats.orders.total).toBe(16);
  });
});
