import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import {
  userProfileSchema,
  userSummarySchema,
  type UserProfile,
  type UserSummary,
} from '@keymarket/contracts/users-admin';
import { managerPackages, packages } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { CatalogueFactory } from './helpers/catalogue-factory';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { deposit, placedOrder } from './helpers/money';
import { auditRowsFor, expectNoUserData, setUser, userRow, userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

// The Users screen: the admin list, a seller's downline, one user's profile, and admin edits.
// Actions (suspend, ban, upgrade, reset) are in users-admin-actions.test.ts; the id-by-id refusal
// matrix in users-admin-access.test.ts.

interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const ctx = useTestApp();
let admin: SignedInUser;
let otherAdmin: UserRow;
let managerA: SignedInUser;
let resellerA1: SignedInUser;
let resellerA2: UserRow;
let resellerA3: UserRow;
let managerB: SignedInUser;
let resellerB1: UserRow;

beforeAll(async () => {
  ({ admin, otherAdmin, managerA, resellerA1, resellerA2, resellerA3, managerB, resellerB1 } =
    await userTrees(ctx));
});

const anonymous = (options: InjectOptions) => ctx.app.inject(options);

const listUsers = (as: SignedInUser, query = '') =>
  as.inject({ method: 'GET', url: `/api/users/get-all-users${query}` });

const downline = (as: SignedInUser, query = '') =>
  as.inject({ method: 'GET', url: `/api/users/downline${query}` });

function pageOf(response: LightMyRequestResponse): Page<UserSummary> {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Page<UserSummary>>();
  for (const row of body.data) userSummarySchema.strict().parse(row);
  return body;
}

const idsOf = (response: LightMyRequestResponse) => pageOf(response).data.map((u) => u.id);

async function userCount(): Promise<number> {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from users`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** Every user the admin list answers for `query`, across pages of 100. */
async function allListed(query: string): Promise<UserSummary[]> {
  const rows: UserSummary[] = [];
  for (let page = 1; ; page++) {
    const body = pageOf(await listUsers(admin, `?limit=100&page=${page}&${query}`));
    rows.push(...body.data);
    if (page >= body.pagination.totalPages) return rows;
  }
}

const searchFor = (text: string) => `search=${encodeURIComponent(text)}`;

describe('GET /api/users/get-all-users', () => {
  it('answers 401 to an anonymous caller and 403 to a manager or a reseller', async () => {
    expectError(
      await anonymous({ method: 'GET', url: '/api/users/get-all-users' }),
      401,
      'unauthorized',
    );
    expectError(await listUsers(managerA), 403, 'forbidden');
    expectError(await listUsers(resellerA1), 403, 'forbidden');
  });

  it('defaults to page 1 of 10, newest first, with the pagination block and no secrets', async () => {
    await Promise.all(
      Array.from({ length: 12 }, () => ctx.factory.user({ invitedBy: admin.user })),
    );
    const total = await userCount();

    const response = await listUsers(admin);
    const body = pageOf(response);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 10,
      total,
      totalPages: Math.ceil(total / 10),
    });
    expect(body.data).toHaveLength(10);
    const created = body.data.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(response.body).not.toMatch(/password|hash|argon/i);

    // Two pages of 5 are the first page of 10, in order, without overlap.
    const first = idsOf(await listUsers(admin, '?page=1&limit=5'));
    const second = idsOf(await listUsers(admin, '?page=2&limit=5'));
    expect([...first, ...second]).toEqual(body.data.map((u) => u.id));

    const beyond = pageOf(await listUsers(admin, '?page=999'));
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 999, total });
  });

  it('refuses a page or limit out of range with 400', async () => {
    for (const [query, path] of [
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
      ['?limit=abc', 'querystring.limit'],
      ['?page=0', 'querystring.page'],
      ['?page=-1', 'querystring.page'],
      ['?page=1.5', 'querystring.page'],
    ] as const) {
      expectValidation(await listUsers(admin, query), path);
    }
    expect(pageOf(await listUsers(admin, '?limit=100')).pagination.limit).toBe(100);
  });

  it('filters by role and by status, alone or together', async () => {
    const banned = await ctx.factory.user({ invitedBy: admin.user, status: 'banned' });
    const inactiveManager = await ctx.factory.user({
      role: 'manager',
      invitedBy: admin.user,
      status: 'inactive',
    });

    const managers = await allListed('role=manager');
    expect(managers.every((u) => u.role === 'manager')).toBe(true);
    expect(managers.map((u) => u.id)).toEqual(
      expect.arrayContaining([managerA.user.id, managerB.user.id, inactiveManager.id]),
    );
    const admins = await allListed('role=admin');
    expect(admins.map((u) => u.id).sort()).toEqual([admin.user.id, otherAdmin.id].sort());

    const bannedRows = await allListed('status=banned');
    expect(bannedRows.every((u) => u.status === 'banned')).toBe(true);
    expect(bannedRows.map((u) => u.id)).toContain(banned.id);

    const both = await allListed('role=manager&status=inactive');
    expect(both.map((u) => u.id)).toEqual([inactiveManager.id]);

    expectValidation(await listUsers(admin, '?role=superuser'), 'querystring.role');
    expectValidation(await listUsers(admin, '?status=deleted'), 'querystring.status');
  });

  it('searches username, names, email and phone, case-insensitively', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user, username: 'Zebra.Hunter' });
    await setUser(ctx, target.id, {
      firstName: 'Quentin',
      lastName: 'Blake',
      phone: '+15550001234',
    });
    for (const text of ['zebra.h', 'QUENTIN', 'blak', 'zebra.hunter@example', '5550001234']) {
      expect((await allListed(searchFor(text))).map((u) => u.id)).toEqual([target.id]);
    }
    // Blank search is no filter.
    expect(pageOf(await listUsers(admin, '?search=%20%20')).pagination.total).toBe(
      await userCount(),
    );
  });

  it('treats % and _ in the search as literal characters, not wildcards', async () => {
    const percent = await ctx.factory.user({ invitedBy: admin.user, username: 'percentuser' });
    await setUser(ctx, percent.id, { firstName: '100%Sure' });
    const plain = await ctx.factory.user({ invitedBy: admin.user, username: 'plainuser' });

    expect((await allListed(searchFor('%'))).map((u) => u.id)).toEqual([percent.id]);
    expect((await allListed(searchFor('0%S'))).map((u) => u.id)).toEqual([percent.id]);

    const underscored = await allListed(searchFor('_'));
    expect(underscored.map((u) => u.id)).not.toContain(plain.id);
    expect(underscored.map((u) => u.id)).not.toContain(percent.id);
    for (const u of underscored) {
      expect(
        [u.username, u.firstName, u.lastName, u.email, u.phone ?? ''].some((f) => f.includes('_')),
      ).toBe(true);
    }
    // A backslash is searched as itself too: no match, no error.
    expect(await allListed(searchFor('\\'))).toEqual([]);
  });

  it('finds names holding quotes and Arabic text', async () => {
    const quoted = await ctx.factory.user({ invitedBy: admin.user });
    await setUser(ctx, quoted.id, { firstName: `O'Brien`, lastName: `"The Q"` });
    const arabic = await ctx.factory.user({ invitedBy: admin.user });
    await setUser(ctx, arabic.id, { firstName: 'محمد', lastName: 'العربي' });

    expect((await allListed(searchFor(`o'brien`))).map((u) => u.id)).toEqual([quoted.id]);
    expect((await allListed(searchFor(`"the q"`))).map((u) => u.id)).toEqual([quoted.id]);
    expect((await allListed(searchFor(`' or '1'='1`))).map((u) => u.id)).toEqual([]);
    const found = await allListed(searchFor('العربي'));
    expect(found.map((u) => u.id)).toEqual([arabic.id]);
    expect(found[0]).toMatchObject({ firstName: 'محمد', lastName: 'العربي' });
  });

  it('refuses a search over 100 characters with 400 and accepts exactly 100', async () => {
    expectValidation(await listUsers(admin, `?search=${'a'.repeat(101)}`), 'querystring.search');
    expect(pageOf(await listUsers(admin, `?search=${'a'.repeat(100)}`)).data).toEqual([]);
  });

  it('answers a search holding a NUL character without a 500', async () => {
    const response = await listUsers(admin, '?search=a%00b');
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('GET /api/users/downline', () => {
  it("gives a manager its whole downline at every depth, never itself, never another tree's", async () => {
    const body = pageOf(await downline(managerA, '?limit=100'));
    expect(body.data.map((u) => u.id).sort()).toEqual(
      [resellerA1.user.id, resellerA2.id, resellerA3.id].sort(),
    );
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 3, totalPages: 1 });
    const deep = body.data.find((u) => u.id === resellerA2.id)!;
    expect(deep.invitedBy).toEqual({ id: resellerA1.user.id, username: resellerA1.user.username });

    expect(idsOf(await downline(managerB))).toEqual([resellerB1.id]);
  });

  it('gives a reseller the users below it only, and an empty page to a leaf', async () => {
    expect(idsOf(await downline(resellerA1))).toEqual([resellerA2.id]);
    const leaf = await ctx.factory.signIn(resellerA2);
    expect(pageOf(await downline(leaf)).pagination).toEqual({
      page: 1,
      limit: 10,
      total: 0,
      totalPages: 0,
    });
  });

  it('applies search, filters and pagination inside the downline only', async () => {
    expect(idsOf(await downline(managerA, `?${searchFor(resellerB1.username)}`))).toEqual([]);
    expect(idsOf(await downline(managerA, `?${searchFor(managerA.user.username)}`))).toEqual([]);
    expect(idsOf(await downline(managerA, `?${searchFor(resellerA2.username)}`))).toEqual([
      resellerA2.id,
    ]);
    expect(idsOf(await downline(managerA, '?role=manager'))).toEqual([]);
    const page = pageOf(await downline(managerA, '?limit=2&page=2'));
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expectValidation(await downline(managerA, '?limit=101'), 'querystring.limit');
  });

  it('answers 403 to an admin and 401 to an anonymous caller', async () => {
    expectError(await downline(admin), 403, 'forbidden');
    expectError(
      await anonymous({ method: 'GET', url: '/api/users/downline' }),
      401,
      'unauthorized',
    );
  });
});

describe('GET /api/users/{id}', () => {
  const profile = (as: SignedInUser, id: string) =>
    as.inject({ method: 'GET', url: `/api/users/${id}` });

  function profileOf(response: LightMyRequestResponse): UserProfile {
    expect(response.statusCode, response.body).toBe(200);
    return userProfileSchema.strict().parse(response.json());
  }

  it('shows an admin the whole profile: balance, orders, inviter, invitees, packages, country, joined date', async () => {
    const catalogue = new CatalogueFactory(ctx.database.db);
    const buyer = await ctx.factory.signedIn('reseller', managerA.user);
    const below = await ctx.factory.user({ invitedBy: buyer.user });
    await deposit(admin, buyer.user.id, 50);
    const instant = await catalogue.product({ keys: 2 }); // reseller price $10
    const onRequest = await catalogue.product({ deliveryType: 'request' });
    await placedOrder(buyer, instant.id);
    await placedOrder(buyer, onRequest.id);

    const [gold] = await ctx.database.db.insert(packages).values({ name: 'Gold' }).returning();
    const [friends] = await ctx.database.db
      .insert(managerPackages)
      .values({ ownerId: managerA.user.id, name: 'Friends' })
      .returning();
    await setUser(ctx, buyer.user.id, {
      packageId: gold!.id,
      managerPackageId: friends!.id,
      signupCountry: 'FR',
      lastLoginCountry: 'MA',
    });
    const row = await userRow(ctx, buyer.user.id);

    const shown = profileOf(await profile(admin, buyer.user.id));
    expect(shown).toEqual({
      id: row.id,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      role: 'reseller',
      status: 'active',
      banReason: null,
      invitedBy: { id: managerA.user.id, username: managerA.user.username },
      avatarUrl: null,
      country: 'MA',
      balance: { current: 30, total: 50, spent: 20, profit: 0 },
      orders: { total: 2, completed: 1, pending: 1, rejected: 0 },
      invitees: [{ id: below.id, username: below.username, role: 'reseller', status: 'active' }],
      inviteesCount: 1,
      package: { id: gold!.id, name: 'Gold' },
      managerPackage: { id: friends!.id, name: 'Friends' },
      lastLoginAt: row.lastLoginAt!.toISOString(),
      // Its two orders of today, the pending one included: both are spent until rejected.
      limits: { dailySpendCap: null, maxOrderQuantity: null, spentToday: 20 },
      createdAt: row.createdAt.toISOString(),
    });

    // The signup country stands in when there has been no login from a known country.
    await setUser(ctx, below.id, { signupCountry: 'DZ' });
    expect(profileOf(await profile(admin, below.id))).toMatchObject({
      country: 'DZ',
      lastLoginAt: null,
      invitees: [],
      inviteesCount: 0,
      package: null,
      managerPackage: null,
    });
    // The manager's profile lists its direct invitees only, not deeper ones.
    const managerProfile = profileOf(await profile(admin, managerA.user.id));
    expect(managerProfile.invitees.map((u) => u.id)).toContain(buyer.user.id);
    expect(managerProfile.invitees.map((u) => u.id)).not.toContain(below.id);
    expect(managerProfile.invitees.map((u) => u.id)).not.toContain(resellerA2.id);
    expect(managerProfile.inviteesCount).toBe(managerProfile.invitees.length);

    // Admins see admins too (no inviter).
    expect(profileOf(await profile(admin, otherAdmin.id)).invitedBy).toBeNull();
  });

  it('shows a manager any user of its downline, and anyone its own profile', async () => {
    expect(profileOf(await profile(managerA, resellerA1.user.id)).id).toBe(resellerA1.user.id);
    const deep = profileOf(await profile(managerA, resellerA2.id));
    expect(deep.invitedBy?.id).toBe(resellerA1.user.id);
    expect(profileOf(await profile(resellerA1, resellerA2.id)).id).toBe(resellerA2.id);
    expect(profileOf(await profile(resellerA1, resellerA1.user.id)).id).toBe(resellerA1.user.id);
    expect(profileOf(await profile(managerB, managerB.user.id)).id).toBe(managerB.user.id);
  });

  it("answers 404 with no data for another manager's reseller, an inviter, a sibling or an admin", async () => {
    const refusals: [SignedInUser, UserRow][] = [
      [managerA, resellerB1],
      [managerA, managerB.user],
      [managerB, resellerA1.user],
      [resellerA1, managerA.user],
      [resellerA1, resellerA3],
      [resellerA1, admin.user],
      [managerA, admin.user],
    ];
    for (const [caller, target] of refusals) {
      const response = await profile(caller, target.id);
      expectError(response, 404, 'not_found', 'User not found');
      expectNoUserData(response, target);
    }
    // Unknown and known-but-hidden ids answer the same, so ids cannot be probed.
    const unknown = await profile(managerA, randomUUID());
    expect(unknown.json()).toEqual((await profile(managerA, resellerB1.id)).json());
  });
});

describe('PATCH /api/users/{id}', () => {
  const edit = (as: SignedInUser, id: string, payload: unknown) =>
    as.inject({ method: 'PATCH', url: `/api/users/${id}`, payload: payload as object });

  it('lets an admin edit names, email and phone, normalising email and phone', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    const response = await edit(admin, target.id, {
      firstName: '  Grace ',
      lastName: 'Hopper',
      email: '  Grace.Hopper@Example.TEST ',
      phone: '+1 (555) 010-2030',
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = userSummarySchema.strict().parse(response.json());
    expect(summary).toMatchObject({
      id: target.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.test',
      phone: '+15550102030',
      role: 'reseller',
      status: 'active',
    });
    expect(await userRow(ctx, target.id)).toMatchObject({
      firstName: 'Grace',
      email: 'grace.hopper@example.test',
      phone: '+15550102030',
    });
    // One field alone is an edit too; the others stay.
    const single = await edit(admin, target.id, { lastName: 'Murray Hopper' });
    expect(single.json()).toMatchObject({ firstName: 'Grace', lastName: 'Murray Hopper' });
  });

  it('validates with the contract messages and changes nothing on refusal', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    expectValidation(
      await edit(admin, target.id, { firstName: '   ' }),
      'body.firstName',
      messages.firstNameRequired,
    );
    expectValidation(
      await edit(admin, target.id, { lastName: '' }),
      'body.lastName',
      messages.lastNameRequired,
    );
    expectValidation(
      await edit(admin, target.id, { email: 'not-an-email' }),
      'body.email',
      messages.emailInvalid,
    );
    expectValidation(
      await edit(admin, target.id, { phone: '12345' }),
      'body.phone',
      messages.phoneInvalid,
    );
    expectValidation(
      await edit(admin, target.id, { firstName: 'x'.repeat(61) }),
      'body.firstName',
      'Name cannot exceed 60 characters',
    );
    expectValidation(await edit(admin, target.id, {}), 'body', 'Change at least one field');
    expectValidation(await edit(admin, target.id, { email: 42 }), 'body.email');
    expect(await userRow(ctx, target.id)).toEqual(target);
  });

  it("refuses another user's email with 409 whatever its case, and accepts the user's own", async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    const holder = await ctx.factory.user({ invitedBy: admin.user });
    const conflict = await edit(admin, target.id, { email: holder.email.toUpperCase() });
    expectError(conflict, 409, 'conflict', 'This email is already registered');
    expect((await userRow(ctx, target.id)).email).toBe(target.email);
    expect(await auditRowsFor(admin, target.id)).toEqual([]);

    const same = await edit(admin, target.id, { email: target.email, firstName: 'Kept' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('never changes role, status, balance or password through an edit: each such field is refused', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    const smuggled = {
      role: 'admin',
      status: 'banned',
      balanceCents: 100000,
      balance: 1000,
      passwordHash: 'x',
      invitedById: null,
      id: randomUUID(),
    };
    const response = await edit(admin, target.id, { firstName: 'Sneaky', ...smuggled });
    const body = expectError(response, 400, 'validation');
    expect(body.details).toEqual(
      Object.keys(smuggled).map((field) => ({
        path: `body.${field}`,
        message: messages.unknownField,
      })),
    );
    const after = await userRow(ctx, target.id);
    expect(after).toMatchObject({
      firstName: target.firstName,
      role: 'reseller',
      status: 'active',
      balanceCents: 0n,
      passwordHash: target.passwordHash,
      invitedById: admin.user.id,
    });
  });

  it('answers a name holding a NUL character with 400, not 500', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    const response = await edit(admin, target.id, { firstName: 'Ada\u0000Lovelace' });
    expect(response.statusCode).toBe(400);
  });
});
