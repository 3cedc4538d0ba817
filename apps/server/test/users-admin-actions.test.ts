import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { userSummarySchema } from '@keymarket/contracts/users-admin';
import type { UserRow } from '../src/modules/users/users.repository';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { login } from './helpers/signup';
import { TEST_PASSWORD } from './helpers/test-app';
import { auditRowsFor, userRow, userTrees } from './helpers/users';
import { useTestApp } from './helpers/use-app';

// Admin actions on a user: suspend, activate, ban, upgrade, reset password; the refusals on
// itself and other admins; and the audit trail they leave.

const ctx = useTestApp();
let admin: SignedInUser;
let otherAdmin: UserRow;
let managerA: SignedInUser;
let resellerA1: SignedInUser;
let managerB: SignedInUser;

beforeAll(async () => {
  ({ admin, otherAdmin, managerA, resellerA1, managerB } = await userTrees(ctx));
});

const anonymous = (options: InjectOptions) => ctx.app.inject(options);

/** A fresh reseller under the admin, signed in: the target of one destructive admin action. */
const freshTarget = () => ctx.factory.signedIn('reseller', admin.user);

describe('PUT /api/users/suspend/{id} and PUT /api/users/activate/{id}', () => {
  const suspend = (id: string) => admin.inject({ method: 'PUT', url: `/api/users/suspend/${id}` });
  const activate = (id: string) =>
    admin.inject({ method: 'PUT', url: `/api/users/activate/${id}` });
  const me = (as: SignedInUser) => as.inject({ method: 'GET', url: '/api/users/me' });

  it('suspends: the live session gets no data on its next request, and login says inactive', async () => {
    const target = await freshTarget();
    expect((await me(target)).statusCode).toBe(200);

    const response = await suspend(target.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(userSummarySchema.parse(response.json())).toMatchObject({
      id: target.user.id,
      status: 'inactive',
      banReason: null,
    });

    const next = await me(target);
    expect([401, 403]).toContain(next.statusCode);
    expect(next.body).not.toContain(target.user.email);
    expectError(
      await login(ctx, target.user.username, TEST_PASSWORD),
      403,
      'inactive',
      'Your account is not active yet. Please contact support or wait for approval.',
    );
  });

  it("answers the suspended user's live session 403 inactive on its very next request", async () => {
    const target = await freshTarget();
    expect((await suspend(target.user.id)).statusCode).toBe(200);
    expectError(await me(target), 403, 'inactive');
  });

  it('activates: the user signs in again (its old session stays ended)', async () => {
    const target = await freshTarget();
    await suspend(target.user.id);
    const response = await activate(target.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'active', banReason: null });
    expect((await login(ctx, target.user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await me(target)).statusCode).toBe(401);
  });

  it('activates an account waiting for approval', async () => {
    const waiting = await ctx.factory.user({ invitedBy: admin.user, status: 'inactive' });
    expectError(await login(ctx, waiting.username, TEST_PASSWORD), 403, 'inactive');
    expect((await activate(waiting.id)).json()).toMatchObject({ status: 'active' });
    expect((await login(ctx, waiting.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/users/ban-user/{id}', () => {
  const ban = (id: string, payload?: unknown) =>
    admin.inject({
      method: 'POST',
      url: `/api/users/ban-user/${id}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const me = (as: SignedInUser) => as.inject({ method: 'GET', url: '/api/users/me' });
  const REASON = 'Chargeback fraud on order #42';

  it('requires a reason of 1 to 500 characters (400), banning nobody', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    expectValidation(
      await ban(target.id, {}),
      'body.reason',
      'Please provide a reason for the ban',
    );
    expectValidation(
      await ban(target.id, { reason: '   ' }),
      'body.reason',
      'Please provide a reason for the ban',
    );
    expectValidation(
      await ban(target.id, { reason: 'x'.repeat(501) }),
      'body.reason',
      'The reason cannot exceed 500 characters',
    );
    expectValidation(await ban(target.id, { reason: 7 }), 'body.reason');
    expect([400, 415]).toContain((await ban(target.id)).statusCode);
    expect((await userRow(ctx, target.id)).status).toBe('active');
  });

  it('bans: the live session gets no data, and login answers 403 banned carrying the reason', async () => {
    const target = await freshTarget();
    const response = await ban(target.user.id, { reason: `  ${REASON} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'banned', banReason: REASON });

    const next = await me(target);
    expect([401, 403]).toContain(next.statusCode);
    expect(next.body).not.toContain(target.user.email);

    const body = expectError(await login(ctx, target.user.username, TEST_PASSWORD), 403, 'banned');
    expect(body.message.text).toContain(REASON);
    // A wrong password learns nothing about the ban.
    expectError(
      await login(ctx, target.user.username, 'Wrong-passw0rd'),
      401,
      'invalid_credentials',
    );
  });

  it("answers the banned user's live session 403 banned with the reason on its very next request", async () => {
    const target = await freshTarget();
    expect((await ban(target.user.id, { reason: REASON })).statusCode).toBe(200);
    const body = expectError(await me(target), 403, 'banned');
    expect(body.message.text).toContain(REASON);
  });

  it('shows the reason in the profile, and activation clears it', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    await ban(target.id, { reason: REASON });
    const shown = await admin.inject({ method: 'GET', url: `/api/users/${target.id}` });
    expect(shown.json()).toMatchObject({ status: 'banned', banReason: REASON });

    const activated = await admin.inject({
      method: 'PUT',
      url: `/api/users/activate/${target.id}`,
    });
    expect(activated.json()).toMatchObject({ status: 'active', banReason: null });
    expect((await login(ctx, target.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/upgrade/{id}', () => {
  const upgrade = (id: string) => admin.inject({ method: 'PUT', url: `/api/users/upgrade/${id}` });

  it('makes a reseller a manager, at once for its live session; a second upgrade is 409', async () => {
    const target = await freshTarget();
    const role = () => target.inject({ method: 'GET', url: '/api/users/me/role' });
    expect((await role()).json()).toEqual({ role: 'reseller' });

    const response = await upgrade(target.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: target.user.id, role: 'manager' });
    expect((await role()).json()).toEqual({ role: 'manager' });
    expect((await userRow(ctx, target.user.id)).role).toBe('manager');

    expectError(await upgrade(target.user.id), 409, 'conflict');
    expectError(await upgrade(managerB.user.id), 409, 'conflict');
    expect((await auditRowsFor(admin, target.user.id)).map((r) => r.action)).toEqual([
      'user.upgrade',
    ]);
  });

  describe.skipIf(!onPostgres)('concurrently (PostgreSQL)', () => {
    it('upgrades each reseller once when eight upgrades of it arrive at once', async () => {
      const targets = await Promise.all(
        Array.from({ length: 8 }, () => ctx.factory.user({ invitedBy: admin.user })),
      );
      const responses = await Promise.all(
        targets.flatMap((t) => Array.from({ length: 8 }, () => upgrade(t.id))),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200).length).toBe(targets.length);
      expect(statuses.filter((s) => s === 409).length).toBe(7 * targets.length);
      for (const t of targets) expect(await auditRowsFor(admin, t.id)).toHaveLength(1);
    });
  });
});

describe('PUT /api/users/update-password/{id}', () => {
  const NEW_PASSWORD = 'Reset-by-admin7';
  const reset = (id: string, payload: unknown) =>
    admin.inject({
      method: 'PUT',
      url: `/api/users/update-password/${id}`,
      payload: payload as object,
    });

  it('applies the password rules to newPassword and changes nothing on refusal', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    for (const [password, message] of [
      ['Sh0rt!', messages.passwordMin],
      ['no-uppercase-1', messages.passwordUppercase],
      ['No-number-here', messages.passwordNumber],
      ['NoSpecial123', messages.passwordSpecial],
    ] as const) {
      expectValidation(
        await reset(target.id, { newPassword: password }),
        'body.newPassword',
        message,
      );
    }
    expectValidation(await reset(target.id, {}), 'body.newPassword');
    expectValidation(
      await reset(target.id, { newPassword: `A1!${'x'.repeat(126)}` }),
      'body.newPassword',
    );
    expect((await userRow(ctx, target.id)).passwordHash).toBe(target.passwordHash);
  });

  it('sets the new password and ends every session of the user', async () => {
    const target = await freshTarget();
    const second = await ctx.factory.signIn(target.user);
    const response = await reset(target.user.id, { newPassword: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(NEW_PASSWORD);

    for (const session of [target, second]) {
      expectError(
        await session.inject({ method: 'GET', url: '/api/users/me' }),
        401,
        'unauthorized',
      );
      expectError(
        await session.inject({ method: 'GET', url: '/api/auth/refresh' }),
        401,
        'unauthorized',
      );
    }
    expectError(await login(ctx, target.user.username, TEST_PASSWORD), 401, 'invalid_credentials');
    expect((await login(ctx, target.user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('admin actions on itself or another admin', () => {
  const actions: [string, (id: string) => InjectOptions][] = [
    ['suspend', (id) => ({ method: 'PUT', url: `/api/users/suspend/${id}` })],
    ['activate', (id) => ({ method: 'PUT', url: `/api/users/activate/${id}` })],
    [
      'ban',
      (id) => ({ method: 'POST', url: `/api/users/ban-user/${id}`, payload: { reason: 'Test' } }),
    ],
    ['upgrade', (id) => ({ method: 'PUT', url: `/api/users/upgrade/${id}` })],
    [
      'reset password',
      (id) => ({
        method: 'PUT',
        url: `/api/users/update-password/${id}`,
        payload: { newPassword: 'Another-Pass1' },
      }),
    ],
  ];

  it.each(actions)(
    'refuses to %s itself or another admin (403), changing nothing',
    async (_, request) => {
      expectError(await admin.inject(request(admin.user.id)), 403, 'forbidden');
      expectError(await admin.inject(request(otherAdmin.id)), 403, 'forbidden');
      expect(await userRow(ctx, admin.user.id)).toMatchObject({ status: 'active', role: 'admin' });
      expect(await userRow(ctx, otherAdmin.id)).toMatchObject({
        status: 'active',
        role: 'admin',
        passwordHash: otherAdmin.passwordHash,
      });
      expect((await admin.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    },
  );

  it('refuses to edit itself through the admin route (its own profile is PUT /users/me)', async () => {
    const response = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      payload: { firstName: 'Self' },
    });
    expectError(response, 403, 'forbidden');
  });

  // Decision in users-admin.service.ts (actionableTarget, `allowAdmins` for edits): an admin may
  // correct another admin's names, email and phone, but take no other action on it.
  it("lets an admin correct another admin's contact details", async () => {
    const response = await admin.inject({
      method: 'PATCH',
      url: `/api/users/${otherAdmin.id}`,
      payload: { lastName: 'Corrected' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ role: 'admin', lastName: 'Corrected' });
  });
});

describe('GET /api/audit', () => {
  it('holds one row per admin action, with actor, target, before and after, and no secret', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    const calls: InjectOptions[] = [
      { method: 'PATCH', url: `/api/users/${target.id}`, payload: { firstName: 'Audited' } },
      { method: 'PUT', url: `/api/users/suspend/${target.id}` },
      { method: 'PUT', url: `/api/users/activate/${target.id}` },
      { method: 'POST', url: `/api/users/ban-user/${target.id}`, payload: { reason: 'Spam' } },
      { method: 'PUT', url: `/api/users/upgrade/${target.id}` },
      {
        method: 'PUT',
        url: `/api/users/update-password/${target.id}`,
        payload: { newPassword: 'Audit-Pass-99' },
      },
    ];
    for (const call of calls) expect((await admin.inject(call)).statusCode).toBe(200);

    const rows = await auditRowsFor(admin, target.id);
    expect(rows.map((r) => r.action).reverse()).toEqual([
      'user.update',
      'user.suspend',
      'user.activate',
      'user.ban',
      'user.upgrade',
      'user.reset-password',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor: { id: admin.user.id, username: admin.user.username },
        targetType: 'user',
        targetId: target.id,
      });
    }
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction['user.update']).toMatchObject({
      before: { firstName: 'Test' },
      after: { firstName: 'Audited' },
    });
    expect(byAction['user.suspend']).toMatchObject({
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    expect(byAction['user.ban']).toMatchObject({
      before: { status: 'active', banReason: null },
      after: { status: 'banned', banReason: 'Spam' },
    });
    expect(byAction['user.upgrade']).toMatchObject({
      before: { role: 'reseller' },
      after: { role: 'manager' },
    });
    const serialised = JSON.stringify(rows);
    expect(serialised).not.toContain('Audit-Pass-99');
    expect(serialised).not.toMatch(/argon2|passwordHash/);
  });

  it('writes no row for a refused action, and is readable by admins only', async () => {
    const target = await ctx.factory.user({ invitedBy: admin.user });
    await admin.inject({ method: 'POST', url: `/api/users/ban-user/${target.id}`, payload: {} });
    await managerA.inject({ method: 'PUT', url: `/api/users/suspend/${target.id}` });
    expect(await auditRowsFor(admin, target.id)).toEqual([]);

    expectError(await managerA.inject({ method: 'GET', url: '/api/audit' }), 403, 'forbidden');
    expectError(await resellerA1.inject({ method: 'GET', url: '/api/audit' }), 403, 'forbidden');
    expectError(await anonymous({ method: 'GET', url: '/api/audit' }), 401, 'unauthorized');
  });
});
