import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SALES_DATES_OUT_OF_RANGE,
  type SalesFigures,
  type SalesReport,
} from '@keymarket/contracts/sales-analytics';
import type { products } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { analyticsAs, insertHistoricalOrder } from './helpers/analytics';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { queryRows } from './helpers/money';
import { userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

/**
 * GET /analytics/sales on a fixed dataset with a fixed clock, Wednesday 19 March 2025, 15:00 UTC:
 * the default period is [17 Feb 15:00, 19 Mar 15:00), the previous one [18 Jan 15:00, 17 Feb
 * 15:00). Days before 18 March are read from the rollup tables, the rest from the orders.
 *
 * The trees (helpers/users.ts): admin → managerA → resellerA1 → resellerA2, managerA →
 * resellerA3; admin → managerB → resellerB1. Products: "Pear card" (initial price 2.00), "Apple
 * card" (1.00) and "Docked card" (docked; initial price 3.00, upstream cost recorded 3.50).
 */
const NOW = new Date('2025-03-19T15:00:00.000Z');
let clock = NOW;

const ctx = useTestApp({}, undefined, { now: () => clock });
let trees: Awaited<ReturnType<typeof userTrees>>;
let pear: typeof products.$inferSelect;
let apple: typeof products.$inferSelect;
let docked: typeof products.$inferSelect;

type Member = 'managerA' | 'resellerA1' | 'resellerA2' | 'resellerA3' | 'managerB' | 'resellerB1';

const userOf = (member: Member): UserRow => {
  const entry = trees[member];
  return 'user' in entry ? entry.user : entry;
};

interface Sale {
  /** The buyer and each seller above it up to the platform, with what each paid a unit. */
  chain: [Member, bigint][];
  product: () => typeof products.$inferSelect;
  quantity: number;
  at: string;
  status?: 'pending' | 'rejected';
  upstreamCostCents?: bigint;
}

const DATASET: Sale[] = [
  // 1. Today (live): reseller A2 through A1 and managerA. Platform 2 × (6 − 2), managerA 2 × 2.
  {
    chain: [
      ['resellerA2', 1000n],
      ['resellerA1', 800n],
      ['managerA', 600n],
    ],
    product: () => pear,
    quantity: 2,
    at: '2025-03-19T10:00:00Z',
  },
  // 2. A rolled-up day: platform 4.00, managerA 2.00.
  {
    chain: [
      ['resellerA1', 800n],
      ['managerA', 600n],
    ],
    product: () => pear,
    quantity: 1,
    at: '2025-03-10T12:00:00Z',
  },
  // 3. Platform 3 × (4 − 1), managerA 3 × 1.
  {
    chain: [
      ['resellerA3', 500n],
      ['managerA', 400n],
    ],
    product: () => apple,
    quantity: 3,
    at: '2025-03-01T00:00:00Z',
  },
  // 4. The manager's own purchase: platform 3.00, managerA nothing.
  { chain: [['managerA', 400n]], product: () => apple, quantity: 1, at: '2025-02-20T08:00:00Z' },
  // 5. Docked: the platform earns 7.00 − the upstream cost 3.50, not − the initial price 3.00.
  {
    chain: [
      ['resellerB1', 1000n],
      ['managerB', 700n],
    ],
    product: () => docked,
    quantity: 1,
    at: '2025-03-05T09:00:00Z',
    upstreamCostCents: 350n,
  },
  // 6. The previous period: platform 4.00, managerA 2.00, resellerA1 2.00.
  {
    chain: [
      ['resellerA2', 1000n],
      ['resellerA1', 800n],
      ['managerA', 600n],
    ],
    product: () => pear,
    quantity: 1,
    at: '2025-02-01T00:00:00Z',
  },
  // 7. The first instant of the period (a partial day, read live): platform 6.50 − 2.00.
  {
    chain: [
      ['resellerB1', 900n],
      ['managerB', 650n],
    ],
    product: () => pear,
    quantity: 1,
    at: '2025-02-17T15:00:00Z',
  },
  // 8. The last instant of the previous period: platform 4.50 − 1.00.
  {
    chain: [
      ['resellerB1', 600n],
      ['managerB', 450n],
    ],
    product: () => apple,
    quantity: 1,
    at: '2025-02-17T14:59:59.999Z',
  },
  // Before both periods, pending, rejected: never counted.
  {
    chain: [['managerA', 5000n]],
    product: () => pear,
    quantity: 1,
    at: '2025-01-18T14:59:59.999Z',
  },
  {
    chain: [['managerA', 7000n]],
    product: () => apple,
    quantity: 1,
    at: '2025-03-19T11:00:00Z',
    status: 'pending',
  },
  {
    chain: [['managerB', 9000n]],
    product: () => pear,
    quantity: 1,
    at: '2025-03-12T11:00:00Z',
    status: 'rejected',
  },
];

async function insertSale(sale: Sale) {
  const [first, ...sellers] = sale.chain;
  const [buyer, unitCents] = first!;
  const order = await insertHistoricalOrder(ctx.database.db, {
    buyer: userOf(buyer),
    product: sale.product(),
    status: sale.status ?? 'completed',
    quantity: sale.quantity,
    unitCents,
    sellers: sellers.map(([member, cents]) => ({ userId: userOf(member).id, unitCents: cents })),
    createdAt: new Date(new Date(sale.at).getTime() - 60_000),
    answeredAt: new Date(sale.at),
  });
  if (sale.upstreamCostCents !== undefined) {
    await ctx.database.db.execute(
      sql`insert into upstream_orders (order_id, upstream_id, upstream_product_id, unit_cost_cents,
            status)
          values (${order.id}, ${docked.upstreamId}, gen_random_uuid(), ${sale.upstreamCostCents},
            'completed')`,
    );
  }
}

beforeAll(async () => {
  trees = await userTrees(ctx);
  const catalogue = new CatalogueFactory(ctx.database.db);
  pear = await catalogue.product({ name: 'Pear card', initialPriceCents: 200n });
  apple = await catalogue.product({ name: 'Apple card', initialPriceCents: 100n });
  docked = await catalogue.product({ name: 'Docked card', initialPriceCents: 300n });
  const [upstream] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`insert into upstreams (name, base_url, api_key_ciphertext)
        values ('Supplier', 'http://127.0.0.1:9', '\\x00'::bytea) returning id`,
  );
  await ctx.database.db.execute(
    sql`update products set upstream_id = ${upstream!.id} where id = ${docked.id}`,
  );
  docked = { ...docked, upstreamId: upstream!.id };
  for (const sale of DATASET) await insertSale(sale);
});

const salesOf = (viewer: SignedInUser, query = '') =>
  analyticsAs<SalesReport>(viewer, `/api/analytics/sales${query}`);

const figures = (orders: number, units: number, revenue: number, profit: number) =>
  ({ orders, units, revenue, profit }) satisfies SalesFigures;
const NONE = figures(0, 0, 0, 0);

/** [name, current, previous] of each row. */
const table = (report: SalesReport) =>
  report.rows.map((row) => [row.name, row.current, row.previous] as const);

describe('the sales rollup under simultaneous first calls', () => {
  it('answers every call alike and sums each finished day once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => salesOf(trees.admin, i % 2 ? '?by=seller' : '')),
    );
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[3]).toEqual(answers[1]);
    // The completed orders before 18 March: 2 to 8 and the one before both periods.
    const [sums] = await queryRows<{ products: number; channels: number }>(
      ctx.database.db,
      sql`select (select sum(completed_orders)::int from product_daily_sales) as products,
                 (select sum(completed_orders)::int from channel_daily_sales) as channels`,
    );
    expect(sums).toEqual({ products: 8, channels: 8 });
  });
});

describe('GET /api/analytics/sales: the platform (administrators)', () => {
  it('ranks the products by revenue with exact figures beside the previous period', async () => {
    const report = await salesOf(trees.admin);
    expect(report).toMatchObject({
      scope: 'platform',
      by: 'product',
      sort: 'revenue',
      period: { from: '2025-02-17T15:00:00.000Z', to: '2025-03-19T15:00:00.000Z' },
      previousPeriod: { from: '2025-01-18T15:00:00.000Z', to: '2025-02-17T15:00:00.000Z' },
      totals: { current: figures(6, 9, 66, 32), previous: figures(2, 2, 16, 7.5) },
    });
    expect(table(report)).toEqual([
      ['Pear card', figures(3, 4, 37, 16.5), figures(1, 1, 10, 4)],
      ['Apple card', figures(2, 4, 19, 12), figures(1, 1, 6, 3.5)],
      ['Docked card', figures(1, 1, 10, 3.5), NONE],
    ]);
    expect(report.rows.map((r) => [r.id, r.docked, r.role])).toEqual([
      [pear.id, false, undefined],
      [apple.id, false, undefined],
      [docked.id, true, undefined],
    ]);
  });

  it('sorts by units with ties by name, and by profit', async () => {
    const byUnits = await salesOf(trees.admin, '?sort=units');
    expect(byUnits.rows.map((r) => r.name)).toEqual(['Apple card', 'Pear card', 'Docked card']);
    const byProfit = await salesOf(trees.admin, '?sort=profit');
    expect(byProfit.rows.map((r) => r.name)).toEqual(['Pear card', 'Apple card', 'Docked card']);
  });

  it('lists `limit` rows and totals every order in scope', async () => {
    const report = await salesOf(trees.admin, '?limit=1');
    expect(report.rows.map((r) => r.name)).toEqual(['Pear card']);
    expect(report.totals.current).toEqual(figures(6, 9, 66, 32));
  });

  it('ranks the sellers: the top of each pricing chain, with the platform’s profit', async () => {
    const report = await salesOf(trees.admin, '?by=seller');
    expect(report.by).toBe('seller');
    expect(report.totals).toEqual({
      current: figures(6, 9, 66, 32),
      previous: figures(2, 2, 16, 7.5),
    });
    expect(report.rows.map((r) => [r.id, r.name, r.role, r.current, r.previous])).toEqual([
      [
        trees.managerA.user.id,
        trees.managerA.user.username,
        'manager',
        figures(4, 7, 47, 24),
        figures(1, 1, 10, 4),
      ],
      [
        trees.managerB.user.id,
        trees.managerB.user.username,
        'manager',
        figures(2, 2, 19, 8),
        figures(1, 1, 6, 3.5),
      ],
    ]);
  });

  it('takes an explicit period, bare dates as whole UTC days, the previous one as long before it', async () => {
    const report = await salesOf(trees.admin, '?from=2025-03-01&to=2025-03-09');
    expect(report.period).toEqual({
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-10T00:00:00.000Z',
    });
    expect(report.previousPeriod).toEqual({
      from: '2025-02-20T00:00:00.000Z',
      to: '2025-03-01T00:00:00.000Z',
    });
    expect(table(report)).toEqual([
      ['Apple card', figures(1, 3, 15, 9), figures(1, 1, 4, 3)],
      ['Docked card', figures(1, 1, 10, 3.5), NONE],
    ]);
  });

  it('reads a finished day from the rollup as the orders themselves answer it', async () => {
    const query = '?from=2025-02-01&to=2025-03-17&by=';
    const [rolledProducts, rolledSellers] = [
      await salesOf(trees.admin, `${query}product`),
      await salesOf(trees.admin, `${query}seller`),
    ];
    const [mark] = await queryRows<{ until: string }>(
      ctx.database.db,
      sql`select rolled_until::text as until from analytics_rollup_marks
          where scope = 'platform-sales'`,
    );
    expect(mark?.until).toBe('2025-03-18');
    // With the clock back on 1 February, every one of these days is after the rollup's cutoff.
    clock = new Date('2025-02-01T01:00:00.000Z');
    try {
      expect(await salesOf(trees.admin, `${query}product`)).toEqual(rolledProducts);
      expect(await salesOf(trees.admin, `${query}seller`)).toEqual(rolledSellers);
    } finally {
      clock = NOW;
    }
    expect(rolledProducts.totals.current).toEqual(figures(7, 9, 62, 31.5));
  });

  it('rolls the next finished days up as the clock moves on, the figures unchanged', async () => {
    const query = '?from=2025-03-01&to=2025-03-19';
    const live = await salesOf(trees.admin, query);
    // Two days later, 18 and 19 March (order 1) are finished and read from the rollup.
    clock = new Date('2025-03-21T15:00:00.000Z');
    try {
      expect(await salesOf(trees.admin, query)).toEqual(live);
    } finally {
      clock = NOW;
    }
    const [mark] = await queryRows<{ until: string }>(
      ctx.database.db,
      sql`select rolled_until::text as until from analytics_rollup_marks
          where scope = 'platform-sales'`,
    );
    expect(mark?.until).toBe('2025-03-20');
    expect(live.totals.current).toEqual(figures(4, 7, 53, 24.5));
  });
});

describe('GET /api/analytics/sales: a manager’s or reseller’s downline', () => {
  it('ranks a manager’s channels, its direct invitees and itself, with its own margin', async () => {
    const report = await salesOf(trees.managerA, '?by=seller');
    expect(report.scope).toBe('downline');
    expect(report.totals).toEqual({
      current: figures(4, 7, 47, 9),
      previous: figures(1, 1, 10, 2),
    });
    expect(report.rows.map((r) => [r.id, r.role, r.current, r.previous])).toEqual([
      [trees.resellerA1.user.id, 'reseller', figures(2, 3, 28, 6), figures(1, 1, 10, 2)],
      [trees.resellerA3.id, 'reseller', figures(1, 3, 15, 3), NONE],
      [trees.managerA.user.id, 'manager', figures(1, 1, 4, 0), NONE],
    ]);
  });

  it('ranks a manager’s products, a stranger’s orders not counted', async () => {
    const report = await salesOf(trees.managerA, '?sort=units');
    expect(table(report)).toEqual([
      ['Apple card', figures(2, 4, 19, 3), NONE],
      ['Pear card', figures(2, 3, 28, 6), figures(1, 1, 10, 2)],
    ]);
  });

  it('shows a reseller its downline and itself, nothing of its upline or of another tree', async () => {
    const report = await salesOf(trees.resellerA1, '?by=seller');
    expect(report.totals).toEqual({
      current: figures(2, 3, 28, 4),
      previous: figures(1, 1, 10, 2),
    });
    expect(report.rows.map((r) => [r.id, r.current, r.previous])).toEqual([
      [trees.resellerA2.id, figures(1, 2, 20, 4), figures(1, 1, 10, 2)],
      [trees.resellerA1.user.id, figures(1, 1, 8, 0), NONE],
    ]);
    const body = JSON.stringify(report);
    for (const other of [trees.managerA.user, trees.resellerA3, trees.managerB.user]) {
      expect(body).not.toContain(other.id);
    }
  });

  it('shows another tree’s manager only its own tree', async () => {
    const report = await salesOf(trees.managerB, '?by=seller');
    expect(report.rows.map((r) => [r.id, r.current])).toEqual([
      [trees.resellerB1.id, figures(2, 2, 19, 5.5)],
    ]);
  });
});

describe('GET /api/analytics/sales: what it refuses', () => {
  const get = (viewer: SignedInUser, query: string) =>
    viewer.inject({ method: 'GET', url: `/api/analytics/sales${query}` });

  it('answers bad queries with the validation envelope', async () => {
    expectValidation(await get(trees.admin, '?by=buyer'), 'querystring.by');
    expectValidation(await get(trees.admin, '?sort=margin'), 'querystring.sort');
    expectValidation(await get(trees.admin, '?limit=500'), 'querystring.limit');
    expectValidation(await get(trees.admin, '?limit=0'), 'querystring.limit');
    expectValidation(
      await get(trees.admin, '?from=2025-03-10&to=2025-03-01'),
      'querystring.to',
      '"to" must be after "from"',
    );
    expectValidation(
      await get(trees.managerA, '?from=2021-01-01&to=2025-01-01'),
      'querystring.from',
      'A period lasts at most 1098 days',
    );
  });

  it('refuses a `from` alone that starts too long before now, or after it', async () => {
    expectValidation(
      await get(trees.admin, '?from=2021-01-01'),
      'querystring.from',
      'A period lasts at most 1098 days',
    );
    expectValidation(await get(trees.admin, '?from=2025-03-20'), 'querystring.to');
  });

  it('refuses dates before 1970 or from the year 10000 on, for every scope', async () => {
    for (const viewer of [trees.admin, trees.managerA]) {
      // The end of 31 December 9999 is in the year 10000, which no ISO date-time of the answer holds.
      expectValidation(
        await get(viewer, '?from=9999-12-01&to=9999-12-31'),
        'querystring.to',
        SALES_DATES_OUT_OF_RANGE,
      );
      // PostgreSQL has no year 0, where the previous period of this one would start.
      expectValidation(
        await get(viewer, '?from=0001-01-01&to=0001-12-31'),
        'querystring.from',
        SALES_DATES_OUT_OF_RANGE,
      );
      expectValidation(await get(viewer, '?to=0001-01-05'), 'querystring.to');
    }
    expect((await get(trees.admin, '?from=1970-01-01&to=1970-02-01')).statusCode).toBe(200);
  });

  it('answers a caller who is not signed in with 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/analytics/sales' });
    expectError(response, 401, 'unauthorized');
  });
});

describe('GET /api/analytics/sales?format=csv', () => {
  const BOM = '\uFEFF';
  const lines = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith(BOM)).toBe(true);
    return response.body.slice(BOM.length).split('\r\n').slice(0, -1);
  };
  const today = new Date().toISOString().slice(0, 10);

  it('downloads the products’ rows with both periods’ figures', async () => {
    const response = await trees.admin.inject({
      method: 'GET',
      url: '/api/analytics/sales?format=csv',
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-products-${today}.csv"`,
    );
    expect(lines(response)).toEqual([
      'Name,Docked,Orders,Units,Revenue (USD),Profit (USD),Previous orders,Previous units,Previous revenue (USD),Previous profit (USD)',
      'Pear card,no,3,4,37,16.5,1,1,10,4',
      'Apple card,no,2,4,19,12,1,1,6,3.5',
      'Docked card,yes,1,1,10,3.5,0,0,0,0',
    ]);
  });

  it('writes a product name that starts with = as text, not as a formula', async () => {
    const rename = (name: string) =>
      ctx.database.db.execute(sql`update products set name = ${name} where id = ${apple.id}`);
    await rename('=HYPERLINK("http://evil.test")');
    try {
      const response = await trees.admin.inject({
        method: 'GET',
        url: '/api/analytics/sales?format=csv',
      });
      expect(lines(response)).toContain(
        `"'=HYPERLINK(""http://evil.test"")",no,2,4,19,12,1,1,6,3.5`,
      );
    } finally {
      await rename(apple.name);
    }
  });

  it('downloads a seller’s channels with their roles', async () => {
    const response = await trees.resellerA1.inject({
      method: 'GET',
      url: '/api/analytics/sales?format=csv&by=seller&limit=1',
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-sellers-${today}.csv"`,
    );
    expect(lines(response).slice(1)).toEqual([
      `${trees.resellerA2.username},reseller,1,2,20,4,1,1,10,2`,
    ]);
  });
});
