import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@keymarket/contracts/orders';
import { COUNT_CAP } from '@keymarket/contracts/pagination';
import { EXPORT_BATCH } from '../src/lib/csv';
import { resetDailySales } from '../src/modules/analytics/daily-sales.repository';
import { FEW_MATCHES } from '../src/modules/orders/orders.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder, queryRows, respond } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, catalogue, admin, db } = useCatalogueApp();

interface OrderList {
  data: Order[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

interface OrderStats {
  total: number;
  pending: number;
  completed: number;
  rejected: number;
  revenue: number;
}

const BOM = '\uFEFF';

async function list(viewer: SignedInUser, query: string) {
  const response = await viewer.inject({ method: 'GET', url: `/api/orders/all?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderList>();
}

/** The list's stat cards over the same filters (`GET /orders/all/stats`). */
async function statsOf(viewer: SignedInUser, query: string) {
  const response = await viewer.inject({ method: 'GET', url: `/api/orders/all/stats?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderStats>();
}

/** The ids of an export, in its order (the first column is the order's id). */
function csvIds(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body.startsWith(BOM)).toBe(true);
  const [header, ...rows] = response.body.slice(BOM.length).split('\r\n').slice(0, -1);
  expect(header).toMatch(/^Order,Date \(UTC\),Status,/);
  return rows.map((row) => row.split(',')[0] ?? '');
}

const sorted = (ids: string[]) => [...ids].sort();

describe('GET /api/orders/all: date range, product, buyer and seller filters, sorting', () => {
  let m1: SignedInUser; // manager
  let r1: SignedInUser; // reseller under m1
  let r2: SignedInUser; // reseller under m1
  let m2: SignedInUser; // another manager
  let r3: SignedInUser; // reseller under m2
  let alpha: string; // instant product
  let beta: string; // request product
  /** Every order placed here, with the day it is dated to (UTC, set by hand). */
  const orders: (Order & { day: string })[] = [];

  beforeAll(async () => {
    m1 = await ctx.factory.signedIn('manager', admin.user);
    r1 = await ctx.factory.signedIn('reseller', m1.user);
    r2 = await ctx.factory.signedIn('reseller', m1.user);
    m2 = await ctx.factory.signedIn('manager', admin.user);
    r3 = await ctx.factory.signedIn('reseller', m2.user);
    for (const u of [m1, r1, r2, m2, r3]) await deposit(admin, u.user.id, 1000);
    alpha = (await catalogue.product({ name: 'Alpha', keys: 30 })).id;
    beta = (await catalogue.product({ name: 'Beta', deliveryType: 'request', stock: 50 })).id;

    const plan: [SignedInUser, string, number, string][] = [
      [r1, alpha, 1, '2020-01-01'],
      [r1, alpha, 3, '2020-01-02'],
      [r1, beta, 2, '2020-01-03'],
      [r2, alpha, 2, '2020-01-03'],
      [r3, alpha, 1, '2020-01-04'],
      [m1, beta, 1, '2020-01-05'],
      [r2, beta, 3, '2020-01-06'],
    ];
    for (const [buyer, productId, quantity, day] of plan) {
      const order = await placedOrder(buyer, productId, quantity);
      // Noon of the day, a second apart within it so that the newest-first order is known.
      const at = `${day}T12:00:${String(orders.length).padStart(2, '0')}Z`;
      await db().execute(
        sql`update orders set created_at = ${at}::timestamptz where id = ${order.id}`,
      );
      orders.push({ ...order, day });
    }
    // r2's request order is rejected: the stat cards count it apart.
    const rejected = orders[6];
    if (!rejected) throw new Error('no order to reject');
    await respond(admin, rejected.id, { status: 'rejected', reason: 'no' });
    rejected.status = 'rejected';
  });

  const idsWhere = (keep: (o: (typeof orders)[number]) => boolean) =>
    sorted(orders.filter(keep).map((o) => o.id));

  it('sets the orders up as the filters expect (sellers are the buyers’ uplines)', () => {
    expect(orders.filter((o) => o.seller?.id === m1.user.id)).toHaveLength(5);
    expect(orders.find((o) => o.buyer.id === r3.user.id)?.seller?.id).toBe(m2.user.id);
  });

  it('filters by a date range: whole UTC days, `to` included', async () => {
    const page = await list(admin, 'from=2020-01-02&to=2020-01-04&limit=100');
    expect(sorted(page.data.map((o) => o.id))).toEqual(
      idsWhere((o) => o.day >= '2020-01-02' && o.day <= '2020-01-04'),
    );
    expect(page.pagination.total).toBe(4);
    // Instants too: `to` is exclusive then.
    const instants = await list(
      admin,
      `from=${encodeURIComponent('2020-01-03T12:00:02Z')}&to=${encodeURIComponent('2020-01-03T12:00:03Z')}`,
    );
    expect(instants.data.map((o) => o.id)).toEqual([orders[2]?.id]);
    expect((await list(admin, 'from=2020-01-07')).data).toEqual([]);
  });

  it('filters by product, buyer and seller, alone and together', async () => {
    const byProduct = await list(admin, `productId=${beta}&limit=100`);
    expect(sorted(byProduct.data.map((o) => o.id))).toEqual(idsWhere((o) => o.productId === beta));
    const byBuyer = await list(admin, `buyerId=${r1.user.id}&limit=100`);
    expect(sorted(byBuyer.data.map((o) => o.id))).toEqual(
      idsWhere((o) => o.buyer.id === r1.user.id),
    );
    const bySeller = await list(admin, `sellerId=${m1.user.id}&limit=100`);
    expect(sorted(bySeller.data.map((o) => o.id))).toEqual(
      idsWhere((o) => o.seller?.id === m1.user.id),
    );
    const together = await list(
      admin,
      `sellerId=${m1.user.id}&productId=${alpha}&from=2020-01-02&to=2020-01-03&limit=100`,
    );
    expect(sorted(together.data.map((o) => o.id))).toEqual(
      idsWhere(
        (o) =>
          o.seller?.id === m1.user.id &&
          o.productId === alpha &&
          o.day >= '2020-01-02' &&
          o.day <= '2020-01-03',
      ),
    );
    expect(together.pagination.total).toBe(2);
  });

  it('computes the stat cards from the same filters (the status filter aside)', async () => {
    expect((await statsOf(admin, 'limit=1')).total).toBe(orders.length);

    const query = `sellerId=${m1.user.id}&status=completed&limit=1`;
    const bySeller = await list(admin, query);
    const bySellerStats = await statsOf(admin, query);
    const sellers = orders.filter((o) => o.seller?.id === m1.user.id);
    const revenue = sellers
      .filter((o) => o.status === 'completed')
      .reduce((sum, o) => sum + o.totalAmount, 0);
    expect(bySellerStats).toEqual({
      total: sellers.length,
      pending: sellers.filter((o) => o.status === 'pending').length,
      completed: sellers.filter((o) => o.status === 'completed').length,
      rejected: sellers.filter((o) => o.status === 'rejected').length,
      revenue,
    });
    // The list itself keeps the status filter.
    expect(bySeller.pagination.total).toBe(bySellerStats.completed);
    expect(bySellerStats.rejected).toBe(1);

    const byDays = await statsOf(admin, 'from=2020-01-05&to=2020-01-06');
    expect(byDays).toMatchObject({ total: 2, pending: 1, rejected: 1, completed: 0 });
    expect(byDays.revenue).toBe(0);
  });

  it('never widens what a manager or a reseller may see', async () => {
    // Another tree's buyer or seller: nothing, not the rows of that tree.
    for (const query of [
      `buyerId=${r1.user.id}&showAll=true`,
      `sellerId=${m1.user.id}&showAll=true`,
    ]) {
      const page = await list(m2, query);
      expect(page.data).toEqual([]);
      expect((await statsOf(m2, query)).total).toBe(0);
    }
    expect((await list(r3, `buyerId=${r1.user.id}&showAll=true`)).data).toEqual([]);
    // A sibling's orders stay hidden from a reseller, even named.
    expect((await list(r1, `buyerId=${r2.user.id}&showAll=true`)).data).toEqual([]);
    // Without showAll, only its own orders, whatever the buyer filter says.
    expect((await list(m1, `buyerId=${r1.user.id}`)).data).toEqual([]);
    // Within its own downline, the filter works.
    const own = await list(m1, `buyerId=${r1.user.id}&showAll=true&limit=100`);
    expect(sorted(own.data.map((o) => o.id))).toEqual(idsWhere((o) => o.buyer.id === r1.user.id));
    const exported = await m2.inject({
      method: 'GET',
      url: `/api/orders/all?format=csv&showAll=true&sellerId=${m1.user.id}`,
    });
    expect(csvIds(exported)).toEqual([]);
  });

  it('sorts by total, quantity, product, status and date, ties in the sort direction', async () => {
    const byTotal = (await list(admin, 'sort=-total&limit=100')).data;
    const totals = byTotal.map((o) => o.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // Equal totals descending: newest first, as the unsorted list.
    for (let i = 1; i < byTotal.length; i++) {
      const [before, row] = [byTotal[i - 1], byTotal[i]];
      if (before && row && before.totalAmount === row.totalAmount) {
        expect(before.createdAt >= row.createdAt).toBe(true);
      }
    }
    const ascending = (await list(admin, 'sort=total&limit=100')).data.map((o) => o.totalAmount);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    // An ascending sort is the descending one read backwards, ties included: oldest first.
    const quantities = (await list(admin, 'sort=quantity&limit=100')).data;
    expect(quantities.map((o) => o.quantity)).toEqual([1, 1, 1, 2, 2, 3, 3]);
    // Among the quantity 1 orders: oldest first (r1 on the 1st, r3 on the 4th, m1 on the 5th).
    expect(quantities.slice(0, 3).map((o) => o.createdAt.slice(0, 10))).toEqual([
      '2020-01-01',
      '2020-01-04',
      '2020-01-05',
    ]);
    const descending = (await list(admin, 'sort=-quantity&limit=100')).data;
    expect(descending.map((o) => o.id)).toEqual(quantities.map((o) => o.id).reverse());

    const products = (await list(admin, 'sort=-product&limit=100')).data.map((o) => o.productName);
    expect(products).toEqual(['Beta', 'Beta', 'Beta', 'Alpha', 'Alpha', 'Alpha', 'Alpha']);

    const statuses = (await list(admin, 'sort=status&limit=100')).data.map((o) => o.status);
    // The order the statuses are declared in: pending, completed, rejected.
    expect(statuses).toEqual([
      'pending',
      'pending',
      'completed',
      'completed',
      'completed',
      'completed',
      'rejected',
    ]);

    const oldest = (await list(admin, 'sort=date&limit=100')).data.map((o) => o.id);
    expect(oldest).toEqual(orders.map((o) => o.id));
    const newest = (await list(admin, 'sort=-date&limit=100')).data.map((o) => o.id);
    expect(newest).toEqual([...orders].reverse().map((o) => o.id));
  });

  it('pages through a sorted list without repeating or skipping a row among ties', async () => {
    const whole = (await list(admin, 'sort=quantity&limit=100')).data.map((o) => o.id);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list(admin, `sort=quantity&limit=2&page=${page}`)),
    );
    expect(pages.flatMap((p) => p.data.map((o) => o.id))).toEqual(whole);
  });

  it('refuses an unknown sort column, a range out of order and malformed filters', async () => {
    const get = (query: string) => admin.inject({ method: 'GET', url: `/api/orders/all?${query}` });
    const unknown = expectValidation(await get('sort=price'), 'querystring.sort');
    expect(unknown.details?.[0]?.message).toBe(
      'sort must be one of: date, -date, total, -total, quantity, -quantity, status, -status, product, -product',
    );
    expectValidation(
      await get('from=2020-01-05&to=2020-01-02'),
      'querystring.to',
      '"to" must be after "from"',
    );
    expectValidation(await get('from=yesterday'), 'querystring.from');
    expectValidation(await get('buyerId=42'), 'querystring.buyerId', 'buyerId must be a user id');
    expectValidation(await get('sellerId=x'), 'querystring.sellerId');
    expectValidation(await get('productId=x'), 'querystring.productId');
    // The export refuses the same way, before writing a byte.
    expectError(await get('format=csv&sort=-price'), 400, 'validation');
  });

  it('exports exactly the filtered orders, in the sorted order, across batches', async () => {
    // Enough copies of r2's orders for more than one export batch, with many equal totals
    // and equal dates, so the batches must continue among ties.
    const copies = EXPORT_BATCH + 60;
    await db().execute(sql`
      insert into orders (id, buyer_id, seller_id, product_id, product_name, category_id, quantity,
        delivery_type, unit_price_cents, total_cents, status, price_chain, created_at)
      select gen_random_uuid(), o.buyer_id, o.seller_id, o.product_id, o.product_name,
        o.category_id, 1 + g % 3, o.delivery_type, o.unit_price_cents, (g % 7) * 100,
        o.status, o.price_chain, timestamptz '2021-06-01T00:00:00Z' + (g % 4) * interval '1 hour'
      from orders o, generate_series(1, ${copies}) g
      where o.id = ${orders[3]?.id ?? ''}`);

    const query = `buyerId=${r2.user.id}&from=2021-06-01&to=2021-06-01&sort=-total`;
    const json = await list(admin, `${query}&limit=1`);
    expect(json.pagination.total).toBe(copies);
    const expected = await queryRows<{ id: string }>(
      db(),
      sql`select id from orders where buyer_id = ${r2.user.id}
        and created_at >= '2021-06-01' and created_at < '2021-06-02'
        order by total_cents desc, created_at desc, id desc`,
    );
    const ids = csvIds(
      await admin.inject({ method: 'GET', url: `/api/orders/all?format=csv&${query}` }),
    );
    expect(ids).toHaveLength(copies);
    expect(ids).toEqual(expected.map((row) => row.id));

    const byQuantity = csvIds(
      await admin.inject({
        method: 'GET',
        url: `/api/orders/all?format=csv&buyerId=${r2.user.id}&from=2021-06-01&sort=quantity`,
      }),
    );
    const expectedQuantity = await queryRows<{ id: string }>(
      db(),
      sql`select id from orders where buyer_id = ${r2.user.id} and created_at >= '2021-06-01'
        order by quantity asc, created_at asc, id asc`,
    );
    expect(byQuantity).toEqual(expectedQuantity.map((row) => row.id));
  });

  it('counts a large list only up to COUNT_CAP and says so; the stat cards stay exact', async () => {
    const source = orders[0];
    if (!source) throw new Error('no order to copy');
    // COUNT_CAP copies of an order, in 2019 (before every order above), a second apart.
    await db().execute(sql`
      insert into orders (buyer_id, seller_id, product_id, product_name, category_id, quantity,
        delivery_type, unit_price_cents, total_cents, status, price_chain, created_at)
      select buyer_id, seller_id, product_id, product_name, category_id, quantity, delivery_type,
        unit_price_cents, total_cents, status, price_chain,
        '2019-06-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from orders, generate_series(1, ${COUNT_CAP}) as n where id = ${source.id}`);
    // Orders written into days the cards above already rolled up (the whole platform's cards
    // read finished days from the analytics rollup): a rewrite of history, which must forget
    // the rollup, as the demo seed does.
    await resetDailySales(db());
    try {
      const [counted] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from orders`,
      );
      const total = counted!.n; // the copies and every order placed by the tests above
      const pages = COUNT_CAP / 100;
      const all = await list(admin, 'limit=100');
      expect(all.pagination).toEqual({
        page: 1,
        limit: 100,
        total: COUNT_CAP,
        totalPages: pages,
        totalExact: false,
      });
      // The page after the counted ones still answers its rows.
      const beyond = await list(admin, `limit=100&page=${pages + 1}`);
      expect(beyond.data).toHaveLength(Math.min(100, total - COUNT_CAP));
      expect(beyond.pagination).toMatchObject({ page: pages + 1, totalExact: false });
      // Exactly COUNT_CAP rows is an exact count.
      const copies = await list(admin, 'to=2019-12-31&limit=100');
      expect(copies.pagination).toEqual({
        page: 1,
        limit: 100,
        total: COUNT_CAP,
        totalPages: pages,
      });
      // Filters that select few rows count them exactly, as before.
      expect((await list(admin, 'from=2020-01-01')).pagination.total).toBe(total - COUNT_CAP);
      // The stat cards count every order.
      expect((await statsOf(admin, '')).total).toBe(total);
      // A search matching more than FEW_MATCHES pages by the date index, one matching fewer
      // from its matches (orders.repository.ts): either way the newest matches first.
      const newest = async (where: ReturnType<typeof sql>) =>
        (
          await queryRows<{ id: string }>(
            db(),
            sql`select id from orders where ${where} order by created_at desc, id desc limit 5`,
          )
        ).map((r) => r.id);
      const term = source.productName;
      const many = await list(admin, `search=${encodeURIComponent(term)}&limit=5`);
      expect(many.pagination.total).toBeGreaterThan(FEW_MATCHES);
      expect(many.data.map((o) => o.id)).toEqual(
        await newest(sql`product_name ilike ${'%' + term + '%'}`),
      );
      const few = await list(
        admin,
        `search=${encodeURIComponent(term)}&to=2019-06-01T00:00:09Z&limit=5`,
      );
      expect(few.pagination.total).toBeLessThanOrEqual(FEW_MATCHES);
      expect(few.data.map((o) => o.id)).toEqual(
        await newest(
          sql`product_name ilike ${'%' + term + '%'} and created_at < '2019-06-01T00:00:09Z'`,
        ),
      );
    } finally {
      await db().execute(sql`delete from orders where created_at < '2020-01-01'`);
      await resetDailySales(db());
    }
  });
});
