import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@keymarket/contracts/auth';
import { messages } from '@keymarket/contracts/messages';
import type { Invitation } from '@keymarket/contracts/invitations';
import type { User } from '@keymarket/contracts/users';
import { invitations, users } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import {
  expireCode,
  generateCode,
  login,
  register,
  setSystemSettings,
  SIGNUP_PASSWORD,
  signupPayload,
} from './helpers/signup';
import { cookiesOf } from './helpers/test-app';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);

async function invitationRow(code: string) {
  const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations.code, code));
  return row!;
}

describe('registering with a code from POST /api/invitations/generate', () => {
  it('creates the account, signs it in with httpOnly SameSite=Lax cookies and answers 201', async () => {
    const invitation = await generateCode(manager);
    const res = await register(ctx, signupPayload(invitation.code, { username: 'grace_h' }));

    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ user: User; pendingApproval: boolean }>();
    expect(body.pendingApproval).toBe(false);
    expect(body.user).toMatchObject({
      username: 'grace_h',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'reseller',
      status: 'active',
      invitedBy: { id: manager.user.id, username: manager.user.username },
      balance: { current: 0, total: 0, spent: 0, profit: 0 },
    });
    expect(body.user).not.toHaveProperty('passwordHash');

    const access = res.cookies.find((c) => c.name === 'km_access');
    const refresh = res.cookies.find((c) => c.name === 'km_refresh');
    for (const cookie of [access, refresh]) {
      expect(cookie?.value).toBeTruthy();
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.maxAge).toBeGreaterThan(0);
    }
    expect(access?.path).toBe('/api');
    expect(refresh?.path).toBe('/api/auth');

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: cookiesOf(res) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>()).toMatchObject({ id: body.user.id, username: 'grace_h' });
  });

  it('gives the new account the role the code grants', async () => {
    const invitation = await generateCode(admin, { expiryDays: 1, role: 'manager' });
    const res = await register(ctx, signupPayload(invitation.code));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ user: User }>().user).toMatchObject({
      role: 'manager',
      invitedBy: { id: admin.user.id },
    });
  });

  it('normalises the phone number to E.164, lower-cases the email and accepts a lower-case code', async () => {
    const invitation = await generateCode(manager);
    const res = await register(
      ctx,
      signupPayload(invitation.code.toLowerCase(), {
        phone: '+33 6 12-34-56-78',
        email: 'Mixed.Case@Example.TEST',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ user: User }>().user).toMatchObject({
      phone: '+33612345678',
      email: 'mixed.case@example.test',
    });
  });

  it('lets the new account sign in with the password it chose', async () => {
    const invitation = await generateCode(manager);
    const payload = signupPayload(invitation.code);
    expect((await register(ctx, payload)).statusCode).toBe(201);
    const res = await login(ctx, payload.username, SIGNUP_PASSWORD);
    expect(res.statusCode).toBe(200);
  });
});

describe('signup rules (400 validation with the contract messages)', () => {
  const cases: [string, Partial<RegisterRequest>, string, string][] = [
    ['a username under 3 characters', { username: 'ab' }, 'body.username', messages.usernameMin],
    ['an empty first name', { firstName: '' }, 'body.firstName', messages.firstNameRequired],
    ['a blank last name', { lastName: '   ' }, 'body.lastName', messages.lastNameRequired],
    ['an invalid email', { email: 'ada.example.test' }, 'body.email', messages.emailInvalid],
    ['a phone number too short', { phone: '0612' }, 'body.phone', messages.phoneInvalid],
    [
      'a phone number with letters',
      { phone: '+33 6 CALL ME' },
      'body.phone',
      messages.phoneInvalid,
    ],
    [
      'a password under 8 characters',
      { password: 'Pa0!', confirmPassword: 'Pa0!' },
      'body.password',
      messages.passwordMin,
    ],
    [
      'a password without an uppercase letter',
      { password: 'passw0rd!', confirmPassword: 'passw0rd!' },
      'body.password',
      messages.passwordUppercase,
    ],
    [
      'a password without a number',
      { password: 'Password!', confirmPassword: 'Password!' },
      'body.password',
      messages.passwordNumber,
    ],
    [
      'a password without a special character',
      { password: 'Passw0rdX', confirmPassword: 'Passw0rdX' },
      'body.password',
      messages.passwordSpecial,
    ],
    [
      'passwords that do not match',
      { confirmPassword: `${SIGNUP_PASSWORD}x` },
      'body.confirmPassword',
      messages.passwordsMismatch,
    ],
    [
      'an invite code of 7 characters',
      { inviteCode: 'ABCDEFG' },
      'body.inviteCode',
      messages.inviteCodeLength,
    ],
    [
      'an invite code of 9 characters',
      { inviteCode: 'ABCDEFGHJ' },
      'body.inviteCode',
      messages.inviteCodeLength,
    ],
  ];

  it.each(cases)('refuses %s', async (_, overrides, path, message) => {
    const res = await register(ctx, signupPayload('ABCDEFGH', overrides));
    const body = expectValidation(res, path, message);
    // Exactly one rule broken: one detail, and the headline is that rule's text.
    expect(body.details).toEqual([{ path, message }]);
    expect(body.message.text).toBe(message);
  });

  it('refuses a body without a first name', async () => {
    const { firstName: _, ...withoutFirstName } = signupPayload('ABCDEFGH');
    expectValidation(await register(ctx, withoutFirstName), 'body.firstName');
  });

  it('lists every broken rule at once', async () => {
    const res = await register(ctx, {
      ...signupPayload('ABC'),
      username: 'ab',
      email: 'nope',
    });
    const body = expectError(res, 400, 'validation');
    expect(body.details?.map((d) => d.path).sort()).toEqual([
      'body.email',
      'body.inviteCode',
      'body.username',
    ]);
  });
});

describe('signup conflicts (409)', () => {
  it('refuses a username already taken, whatever its case', async () => {
    await ctx.factory.user({ username: 'Taken_Name' });
    const invitation = await generateCode(manager);
    const res = await register(ctx, signupPayload(invitation.code, { username: 'tAKEN_nAME' }));
    const body = expectError(res, 409, 'conflict');
    expect(body.details?.[0]?.path).toBe('body.username');
  });

  it('refuses an email already registered, whatever its case', async () => {
    const existing = await ctx.factory.user();
    const invitation = await generateCode(manager);
    const res = await register(
      ctx,
      signupPayload(invitation.code, { email: existing.email.toUpperCase() }),
    );
    const body = expectError(res, 409, 'conflict');
    expect(body.details?.[0]?.path).toBe('body.email');
  });

  it('refuses a code that was never issued', async () => {
    expectError(await register(ctx, signupPayload('ZZZZZZZZ')), 409, 'conflict');
  });

  it('refuses an expired code', async () => {
    const invitation = await generateCode(manager, { expiryDays: 1 });
    await expireCode(ctx, invitation.code);
    expectError(await register(ctx, signupPayload(invitation.code)), 409, 'conflict');
    expect((await invitationRow(invitation.code)).usedById).toBeNull();
  });

  it('refuses a code already used: one code, one signup', async () => {
    const invitation = await generateCode(manager);
    expect((await register(ctx, signupPayload(invitation.code))).statusCode).toBe(201);
    expectError(await register(ctx, signupPayload(invitation.code)), 409, 'conflict');
    const invited = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.invitedById, manager.user.id));
    const row = await invitationRow(invitation.code);
    expect(invited.map((u) => u.id)).toContain(row.usedById);
  });

  it('refuses a code whose creator has since been banned, and leaves it unused', async () => {
    const creator = await ctx.factory.signedIn('reseller', manager.user);
    const invitation = await generateCode(creator);
    await ctx.database.db
      .update(users)
      .set({ status: 'banned', banReason: 'fraud' })
      .where(eq(users.id, creator.user.id));
    expectError(await register(ctx, signupPayload(invitation.code)), 409, 'conflict');
    const row = await invitationRow(invitation.code);
    expect(row.usedAt).toBeNull();
    expect(row.usedById).toBeNull();
  });

  it('does not consume the code when the registration fails', async () => {
    const existing = await ctx.factory.user();
    const invitation = await generateCode(manager);
    const failed = await register(ctx, signupPayload(invitation.code, { email: existing.email }));
    expectError(failed, 409, 'conflict');
    expect((await invitationRow(invitation.code)).usedAt).toBeNull();

    const retried = await register(ctx, signupPayload(invitation.code));
    expect(retried.statusCode, retried.body).toBe(201);
  });
});

describe('system settings that gate signup', () => {
  afterEach(() => setSystemSettings(ctx, {}));

  it('with signup approval on, creates an inactive account without signing it in', async () => {
    await setSystemSettings(ctx, { signupApproval: true });
    const invitation = await generateCode(manager);
    const payload = signupPayload(invitation.code);
    const res = await register(ctx, payload);

    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ user: User; pendingApproval: boolean }>();
    expect(body.pendingApproval).toBe(true);
    expect(body.user.status).toBe('inactive');
    expect(res.cookies).toEqual([]);
    expect(res.headers['set-cookie']).toBeUndefined();

    const list = await manager.inject({ method: 'GET', url: '/api/invitations/?limit=100' });
    const listed = list.json<{ data: Invitation[] }>().data.find((i) => i.code === invitation.code);
    expect(listed).toMatchObject({
      status: 'pending',
      usedBy: { id: body.user.id, username: payload.username },
    });

    expectError(await login(ctx, payload.username, SIGNUP_PASSWORD), 403, 'inactive');
  });

  it('with registration closed, refuses with 403 and leaves the code unused', async () => {
    await setSystemSettings(ctx, { registrationOpen: false });
    const invitation = await generateCode(manager);
    expectError(await register(ctx, signupPayload(invitation.code)), 403, 'forbidden');
    expect((await invitationRow(invitation.code)).usedAt).toBeNull();
  });
});
