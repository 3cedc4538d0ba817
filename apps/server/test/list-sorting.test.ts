import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@keymarket/contracts/tickets';
import type { UserSummary } from '@keymarket/contracts/users-admin';
import { EXPORT_BATCH } from '../src/lib/csv';
import { expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, queryRows } from './helpers/money';
import { useCatalogueApp } from './helpers/catalogue-app';

const { ctx, admin, db } = useCatalogueApp();

interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

async function page<T>(viewer: SignedInUser, url: string): Promise<Page<T>> {
  const response = await viewer.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<T>>();
}

const BOM = '\uFEFF';

/** The usernames of a users export, in its order. */
function csvUsernames(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = response.body.slice(BOM.length).split('\r\n').slice(0, -1);
  const column = header?.split(',').indexOf('Username') ?? -1;
  expect(column).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row.split(',')[column] ?? '');
}

describe('GET /api/users/get-all-users and /api/users/downline: sorting', () => {
  let manager: SignedInUser;
  const resellers: SignedInUser[] = [];

  beforeAll(async () => {
    manager = await ctx.factory.signedIn('manager', admin.user);
    for (const amount of [30, 10, 20, 10]) {
      const reseller = await ctx.factory.signedIn('reseller', manager.user);
      await deposit(admin, reseller.user.id, amount);
      resellers.push(reseller);
    }
  });

  it('sorts by balance, ties newest first, and pages without repeating a row', async () => {
    const rows = (await page<UserSummary>(manager, '/api/users/downline?sort=-balance&limit=100'))
      .data;
    expect(rows.map((u) => u.balance)).toEqual([30, 20, 10, 10]);
    // The two at 10: the newest first.
    expect(rows.slice(2).map((u) => u.id)).toEqual([resellers[3]?.user.id, resellers[1]?.user.id]);
    const pages = await Promise.all(
      [1, 2].map((n) =>
        page<UserSummary>(manager, `/api/users/downline?sort=balance&limit=2&page=${n}`),
      ),
    );
    expect(pages.flatMap((p) => p.data.map((u) => u.balance))).toEqual([10, 10, 20, 30]);
  });

  it('sorts by username, role and orders for an admin', async () => {
    const byName = (
      await page<UserSummary>(admin, '/api/users/get-all-users?sort=username&limit=100')
    ).data.map((u) => u.username);
    // The database's collation decides the order of names: the same as its own ORDER BY.
    const names = await queryRows<{ username: string }>(
      db(),
      sql`select username from users order by username, created_at desc, id desc`,
    );
    expect(byName).toEqual(names.map((row) => row.username));
    const byRole = (
      await page<UserSummary>(admin, '/api/users/get-all-users?sort=role&limit=100')
    ).data.map((u) => u.role);
    // The order the roles are declared in.
    expect(byRole.indexOf('reseller')).toBeGreaterThan(byRole.lastIndexOf('manager'));
    expect(byRole.indexOf('manager')).toBeGreaterThan(byRole.lastIndexOf('admin'));
    const byOrders = (
      await page<UserSummary>(admin, '/api/users/get-all-users?sort=-orders&limit=100')
    ).data.map((u) => u.ordersTotal);
    expect(byOrders).toEqual([...byOrders].sort((a, b) => b - a));
  });

  it('refuses an unknown sort column, naming the ones it knows', async () => {
    const body = expectValidation(
      await admin.inject({ method: 'GET', url: '/api/users/get-all-users?sort=password' }),
      'querystring.sort',
    );
    expect(body.details?.[0]?.message).toMatch(/^sort must be one of: username, -username, role/);
    expectValidation(
      await manager.inject({ method: 'GET', url: '/api/users/downline?sort=-email' }),
      'querystring.sort',
    );
  });

  it('exports in the sorted order across batches', async () => {
    // More users than one export batch, with few distinct balances.
    await db().execute(sql`
      insert into users (id, username, first_name, last_name, email, password_hash, role, status,
        invited_by_id, balance_cents)
      select gen_random_uuid(), 'bulk' || g, 'Bulk', 'User', 'bulk' || g || '@example.com',
        u.password_hash, 'reseller', 'active', ${manager.user.id}, (g % 5) * 100
      from users u, generate_series(1, ${EXPORT_BATCH + 40}) g where u.id = ${manager.user.id}`);
    const names = csvUsernames(
      await admin.inject({
        method: 'GET',
        url: '/api/users/get-all-users?format=csv&role=reseller&sort=-balance',
      }),
    );
    const expected = await queryRows<{ username: string }>(
      db(),
      sql`select username from users where role = 'reseller'
        order by balance_cents desc, created_at desc, id desc`,
    );
    expect(names).toHaveLength(expected.length);
    expect(names).toEqual(expected.map((row) => row.username));
  });
});

describe('GET /api/tickets/all: sorting', () => {
  beforeAll(async () => {
    for (const subject of ['Beta refund', 'Alpha missing', 'Gamma question']) {
      const user = await ctx.factory.signedIn('reseller', admin.user);
      const response = await user.inject({
        method: 'POST',
        url: '/api/tickets/create',
        payload: { subject, message: `About ${subject}, please have a look.` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('sorts by subject and by date, both ways', async () => {
    const subjects = async (sort: string) =>
      (await page<Ticket>(admin, `/api/tickets/all?sort=${sort}`)).data.map((t) => t.subject);
    expect(await subjects('subject')).toEqual(['Alpha missing', 'Beta refund', 'Gamma question']);
    expect(await subjects('-subject')).toEqual(['Gamma question', 'Beta refund', 'Alpha missing']);
    expect(await subjects('date')).toEqual(['Beta refund', 'Alpha missing', 'Gamma question']);
    expect(await subjects('-date')).toEqual(['Gamma question', 'Alpha missing', 'Beta refund']);
  });

  it('refuses an unknown sort column', async () => {
    const body = expectValidation(
      await admin.inject({ method: 'GET', url: '/api/tickets/all?sort=priority' }),
      'querystring.sort',
    );
    expect(body.details?.[0]?.message).toBe(
      'sort must be one of: date, -date, subject, -subject, status, -status, user, -user',
    );
  });
});
