import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDashboardStats,
  DiskSpace,
  SellerDashboardStats,
  UserDistribution,
} from '@keymarket/contracts/analytics';
import type { User } from '@keymarket/contracts/users';
import { products } from '../src/db/schema/index';
import { analyticsAs } from './helpers/analytics';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import {
  bucketsOf,
  convertProfit,
  deposit,
  placedOrder,
  queryRows,
  respond,
  usd,
} from './helpers/money';
import { form, pngFile } from './helpers/multipart';
import { TEST_PASSWORD } from './helpers/test-app';
import { generateCode, signupPayload } from './helpers/signup';
import { setUser, userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

/**
 * The dashboard figures after real purchases through the API (the clock is the real one: all of
 * it happens "today", in the live part of the figures), the user map and the storage card.
 */
// The country of a sign-up or sign-in comes from this header (as set by a CDN).
const ctx = useTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });
let trees: Awaited<ReturnType<typeof userTrees>>;
let resellerA3: SignedInUser;
const ids: Record<'instant' | 'request' | 'soldOut' | 'deleted', string> = {
  instant: '',
  request: '',
  soldOut: '',
  deleted: '',
};

const ROUTES = [
  '/api/analytics/dashboard-stats',
  '/api/analytics/revenue-chart?period=weekly',
  '/api/analytics/user-distribution',
  '/api/analytics/disk-space',
  '/api/analytics/search?query=abc',
];

beforeAll(async () => {
  trees = await userTrees(ctx);
  resellerA3 = await ctx.factory.signIn(trees.resellerA3);
  const catalogue = new CatalogueFactory(ctx.database.db);
  const instant = await catalogue.product({ name: 'Steam 20', keys: 10 });
  const request = await catalogue.product({
    name: 'Netflix account',
    deliveryType: 'request',
    stock: 3,
  });
  const soldOut = await catalogue.product({ name: 'Xbox 50' });
  const deleted = await catalogue.product({ name: 'Old card' });
  await ctx.database.db
    .update(products)
    .set({ deletedAt: new Date() })
    .where(eq(products.id, deleted.id));
  Object.assign(ids, {
    instant: instant.id,
    request: request.id,
    soldOut: soldOut.id,
    deleted: deleted.id,
  });
  // managerA sells the instant product to its invitees at $20 (it pays $8): a $12 margin.
  await catalogue.sellerPrice(trees.managerA.user.id, instant.id, 2000n);

  await deposit(trees.admin, trees.managerA.user.id, 100);
  await deposit(trees.admin, trees.resellerA1.user.id, 100);
  await placedOrder(trees.managerA, instant.id); // $8, completed
  await placedOrder(trees.resellerA1, instant.id); // $20, completed, +$12 profit to managerA
  const converted = await convertProfit(trees.managerA, 10); // the minimum
  expect(converted.statusCode, converted.body).toBe(200);
  const cancelled = await placedOrder(trees.resellerA1, request.id); // $10, then cancelled
  const cancel = await respond(trees.resellerA1, cancelled.id, {
    status: 'rejected',
    reason: 'Ordered by mistake',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await placedOrder(trees.resellerA1, request.id); // $10, pending

  await setUser(ctx, trees.resellerA2.id, { status: 'inactive' });
  await setUser(ctx, trees.resellerB1.id, { status: 'banned', banReason: 'Fraud' });
  await setUser(ctx, trees.managerA.user.id, { signupCountry: 'FR' });
  // The country last seen wins over the signup country.
  await setUser(ctx, trees.resellerA1.user.id, { signupCountry: 'MA', lastLoginCountry: 'FR' });
  await setUser(ctx, trees.resellerA2.id, { signupCountry: 'DZ' });
  await setUser(ctx, trees.managerB.user.id, { lastLoginCountry: 'US' });
  await setUser(ctx, trees.resellerB1.id, { signupCountry: 'US' });
});

const statsOf = <T>(viewer: SignedInUser) =>
  analyticsAs<T>(viewer, '/api/analytics/dashboard-stats');

describe('GET /api/analytics/dashboard-stats for an admin', () => {
  it('counts users by role and status, orders, revenue and the platform’s profit', async () => {
    const stats = await statsOf<AdminDashboardStats>(trees.admin);
    expect(stats.scope).toBe('platform');
    expect(stats.users).toEqual({
      total: 8,
      byRole: { admin: 2, manager: 2, reseller: 4 },
      byStatus: { active: 6, inactive: 1, banned: 1 },
    });
    expect(stats.orders).toEqual({ total: 4, completed: 2, pending: 1, rejected: 1 });
    expect(stats.revenue).toBe(28);
    // Both sales reached the platform at the manager price ($8) for an initial price of $5.
    expect(stats.platformProfit).toBe(6);
  });

  it('adds up the money users hold', async () => {
    const stats = await statsOf<AdminDashboardStats>(trees.admin);
    const [held] = await queryRows<{ balance: string; profit: string }>(
      ctx.database.db,
      sql`select sum(balance_cents)::text as balance, sum(profit_cents)::text as profit from users`,
    );
    expect(stats.outstanding).toEqual({
      balance: usd(BigInt(held!.balance)),
      profit: usd(BigInt(held!.profit)),
    });
    // managerA: 100 − 8 + 10 converted; resellerA1: 100 − 20 − 10 pending.
    expect(stats.outstanding).toEqual({ balance: 172, profit: 2 });
  });

  it('counts live products and lists those at or under the threshold, lowest first', async () => {
    const stats = await statsOf<AdminDashboardStats>(trees.admin);
    expect(stats.products).toEqual({ total: 3, outOfStock: 1, lowStock: 2 });
    expect(stats.lowStockProducts).toEqual([
      // No threshold of their own: the system settings' default (5).
      { id: ids.soldOut, name: 'Xbox 50', stock: 0, threshold: 5 },
      { id: ids.request, name: 'Netflix account', stock: 2, threshold: 5 },
    ]);
  });
});

describe('GET /api/analytics/dashboard-stats for a manager or reseller', () => {
  it('gives a manager its balance, its own orders, its profit ever earned and its downline', async () => {
    const stats = await statsOf<SellerDashboardStats>(trees.managerA);
    const me = await analyticsAs<User>(trees.managerA, '/api/users/me');
    expect(stats).toEqual({
      scope: 'downline',
      balance: me.balance,
      orders: me.orders,
      // $12 earned; converting $10 of it changed the bucket, not what was earned.
      profitEarned: 12,
      downline: { direct: 2, total: 3 },
      downlineSales: { orders: 1, amount: 20 },
    });
    expect(me.balance.profit).toBe(2);
    expect(usd((await bucketsOf(ctx.database.db, trees.managerA.user.id)).profit)).toBe(2);
  });

  it('gives a reseller its own figures only', async () => {
    const stats = await statsOf<SellerDashboardStats>(trees.resellerA1);
    expect(stats.orders).toEqual({ total: 3, completed: 1, pending: 1, rejected: 1 });
    expect(stats.balance).toMatchObject({ current: 70, profit: 0 });
    expect(stats.profitEarned).toBe(0);
    expect(stats.downline).toEqual({ direct: 1, total: 1 });
    expect(stats.downlineSales).toEqual({ orders: 0, amount: 0 });
  });

  it('shows another manager nothing of the first one’s tree', async () => {
    const stats = await statsOf<SellerDashboardStats>(trees.managerB);
    expect(stats.downline).toEqual({ direct: 1, total: 1 });
    expect(stats.downlineSales).toEqual({ orders: 0, amount: 0 });
    expect(stats.profitEarned).toBe(0);
  });
});

describe('GET /api/analytics/user-distribution', () => {
  it('counts every user of the platform for an admin, most users first', async () => {
    const map = await analyticsAs<UserDistribution>(
      trees.admin,
      '/api/analytics/user-distribution',
    );
    expect(map).toEqual({
      countries: [
        { country: 'FR', users: 2 },
        { country: 'US', users: 2 },
        { country: 'DZ', users: 1 },
      ],
      // Both admins and resellerA3 have no country.
      unknown: 3,
    });
  });

  it('counts only the downline for a manager or reseller', async () => {
    expect(
      await analyticsAs<UserDistribution>(trees.managerA, '/api/analytics/user-distribution'),
    ).toEqual({
      countries: [
        { country: 'DZ', users: 1 },
        { country: 'FR', users: 1 },
      ],
      unknown: 1,
    });
    expect(
      await analyticsAs<UserDistribution>(trees.managerB, '/api/analytics/user-distribution'),
    ).toEqual({ countries: [{ country: 'US', users: 1 }], unknown: 0 });
    expect(
      await analyticsAs<UserDistribution>(resellerA3, '/api/analytics/user-distribution'),
    ).toEqual({ countries: [], unknown: 0 });
  });
});

describe('GET /api/analytics/disk-space', () => {
  it('reports the data volume, the database and the stored files to an admin', async () => {
    const upload = await trees.managerA.inject({
      method: 'PUT',
      url: '/api/users/avatars/profile-picture',
      payload: form({}, { avatar: pngFile() }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const disk = await analyticsAs<DiskSpace>(trees.admin, '/api/analytics/disk-space');
    expect(disk.volume.total).toBeGreaterThan(0);
    expect(disk.volume.used).toBeGreaterThan(0);
    expect(disk.volume.used).toBeLessThanOrEqual(disk.volume.total);
    expect(disk.volume.free).toBeLessThanOrEqual(disk.volume.total - disk.volume.used);
    expect(disk.database).toBeGreaterThan(1_000_000);
    expect(disk.files).toBe(pngFile().bytes.length);
  });

  it('refuses managers and resellers', async () => {
    for (const viewer of [trees.managerA, trees.resellerA1]) {
      expectError(
        await viewer.inject({ method: 'GET', url: '/api/analytics/disk-space' }),
        403,
        'forbidden',
      );
    }
  });
});

describe('signed-out callers', () => {
  it('get 401 from every analytics route', async () => {
    for (const url of ROUTES) {
      expectError(await ctx.app.inject({ method: 'GET', url }), 401, 'unauthorized');
    }
  });
});

describe('countries recorded at sign-up and sign-in', () => {
  it('puts a new user where it signed up and a user where it last signed in', async () => {
    const code = await generateCode(trees.managerB);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'cf-ipcountry': 'sn' },
      payload: signupPayload(code.code),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(
      await analyticsAs<UserDistribution>(trees.managerB, '/api/analytics/user-distribution'),
    ).toEqual({
      countries: [
        { country: 'SN', users: 1 },
        { country: 'US', users: 1 },
      ],
      unknown: 0,
    });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'cf-ipcountry': 'CI' },
      payload: { identifier: trees.resellerA3.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(
      await analyticsAs<UserDistribution>(trees.managerA, '/api/analytics/user-distribution'),
    ).toEqual({
      countries: [
        { country: 'CI', users: 1 },
        { country: 'DZ', users: 1 },
        { country: 'FR', users: 1 },
      ],
      unknown: 0,
    });
  });
});
