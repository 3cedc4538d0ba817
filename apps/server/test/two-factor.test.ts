import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { TwoFactorSetup, TwoFactorStatus } from '@keymarket/contracts/two-factor';
import { users } from '../src/db/schema/index';
import { totpCodeAt } from '../src/modules/two-factor/totp';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError } from './helpers/expect-error';
import { login } from './helpers/signup';
import { TEST_PASSWORD } from './helpers/test-app';
import type { SignedInUser } from './helpers/factory';
import { useTestApp } from './helpers/use-app';
import type { ErrorBody } from '@keymarket/contracts/errors';
import type { SystemSettings } from '@keymarket/contracts/system-settings';

const STEP_MS = 30_000;
const ctx = useTestApp();

/** Sets up and confirms two-factor sign-in for `signed`; returns the secret its app holds. */
async function enableTwoFactor(signed: SignedInUser): Promise<string> {
  return (await enableTwoFactorWithCode(signed)).secret;
}

/** Also returns the code that confirmed the setup (spent from then on). */
async function enableTwoFactorWithCode(signed: SignedInUser) {
  const setup = await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<TwoFactorSetup>();
  const code = totpCodeAt(secret);
  const enable = await signed.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, code };
}

function loginWithCode(user: UserRow, totpCode?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.username, password: TEST_PASSWORD, totpCode },
  });
}

describe('two-factor setup', () => {
  it('hands out a secret, an otpauth URL and a QR code, and stores the secret sealed', async () => {
    const signed = await ctx.factory.signedIn('reseller');
    const res = await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' });

    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json<TwoFactorSetup>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`otpauth://totp/`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(signed.user.username));
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, signed.user.id));
    expect(row!.totpPendingSecret).not.toContain(setup.secret);
    expect(row!.totpEnabledAt).toBeNull();
  });

  it('turns on only with a correct code from the pending secret', async () => {
    const signed = await ctx.factory.signedIn('manager');
    const { secret } = (
      await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' })
    ).json<TwoFactorSetup>();
    const wrongCode = totpCodeAt(secret, Date.now() + 10 * STEP_MS);

    const refused = await signed.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: wrongCode },
    });
    expectError(refused, 401, 'invalid_credentials', messages.totpCodeInvalid);

    const enabled = await signed.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: totpCodeAt(secret) },
    });
    expect(enabled.json<TwoFactorStatus>()).toEqual({ enabled: true, required: false });
  });

  it("ends the account's other sessions, as a password change does, and keeps this one", async () => {
    const here = await ctx.factory.signedIn();
    const elsewhere = await ctx.factory.signIn(here.user);
    const someoneElse = await ctx.factory.signedIn();
    await enableTwoFactor(here);

    const profile = { method: 'GET', url: '/api/users/me' } as const;
    const refresh = { method: 'GET', url: '/api/auth/refresh' } as const;
    expectError(await elsewhere.inject(profile), 401, 'unauthorized');
    expectError(await elsewhere.inject(refresh), 401, 'unauthorized');
    expect((await here.inject(profile)).statusCode).toBe(200);
    expect((await here.inject(refresh)).statusCode).toBe(200);
    expect((await someoneElse.inject(profile)).statusCode).toBe(200);
  });

  it('refuses codes that are not six digits with the contract message', async () => {
    const signed = await ctx.factory.signedIn();
    await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const res = await signed.inject({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        payload: { code },
      });
      expect(res.statusCode, code).toBe(400);
      expect(res.json<ErrorBody>().details?.[0]?.message).toBe(messages.totpCodeFormat);
    }
  });

  it('refuses confirming without a setup, and a second setup once on', async () => {
    const signed = await ctx.factory.signedIn();
    const early = await signed.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: '123456' },
    });
    expect(early.statusCode).toBe(409);

    await enableTwoFactor(signed);
    const again = await signed.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the code after the password, then accepts a fresh code once', async () => {
    const signed = await ctx.factory.signedIn();
    const { secret, code: spentCode } = await enableTwoFactorWithCode(signed);

    const withoutCode = await loginWithCode(signed.user);
    expectError(withoutCode, 401, 'two_factor_required', messages.twoFactorRequired);
    expect(withoutCode.headers['set-cookie']).toBeUndefined();

    // The code used to turn it on is spent: the next step's code is the one an app shows next.
    const replayed = await loginWithCode(signed.user, spentCode);
    expectError(replayed, 401, 'invalid_credentials', messages.totpCodeInvalid);

    const nextCode = totpCodeAt(secret, Date.now() + STEP_MS);
    const accepted = await loginWithCode(signed.user, nextCode);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const replayOfAccepted = await loginWithCode(signed.user, nextCode);
    expectError(replayOfAccepted, 401, 'invalid_credentials', messages.totpCodeInvalid);
  });

  it('never reveals whether two-factor is on to someone without the password', async () => {
    const signed = await ctx.factory.signedIn();
    await enableTwoFactor(signed);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: signed.user.username, password: 'Wrong-passw0rd' },
    });
    expectError(res, 401, 'invalid_credentials', messages.loginFailed);
  });

  it('leaves sign-in unchanged for users without two-factor, whatever code they send', async () => {
    const user = await ctx.factory.user();
    expect((await loginWithCode(user, '000000')).statusCode).toBe(200);
    expect((await login(ctx, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a current code', async () => {
    const signed = await ctx.factory.signedIn();
    const secret = await enableTwoFactor(signed);
    const nextCode = totpCodeAt(secret, Date.now() + STEP_MS);

    const badPassword = await signed.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: 'Wrong-passw0rd', code: nextCode },
    });
    expectError(badPassword, 401, 'invalid_credentials', messages.currentPasswordIncorrect);

    const off = await signed.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: TEST_PASSWORD, code: nextCode },
    });
    expect(off.json<TwoFactorStatus>()).toEqual({ enabled: false, required: false });
    expect((await loginWithCode(signed.user)).statusCode).toBe(200);
  });

  describe('attempts, limited per user like password changes', () => {
    const limited = useTestApp({ LOGIN_RATE_LIMIT: '3' });

    it('refuses the 4th attempt with 429, even with the right password and code', async () => {
      const signed = await limited.factory.signedIn();
      const secret = await enableTwoFactor(signed);
      const disable = (password: string) =>
        signed.inject({
          method: 'POST',
          url: '/api/auth/2fa/disable',
          payload: { password, code: totpCodeAt(secret, Date.now() + STEP_MS) },
        });
      for (let guess = 1; guess <= 3; guess += 1) {
        expectError(await disable('Wrong-passw0rd'), 401, 'invalid_credentials');
      }
      const refused = await disable(TEST_PASSWORD);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const status = await signed.inject({ method: 'GET', url: '/api/auth/2fa' });
      expect(status.json<TwoFactorStatus>().enabled).toBe(true);
    });
  });

  it('can be reset by an admin only', async () => {
    const signed = await ctx.factory.signedIn();
    await enableTwoFactor(signed);
    const other = await ctx.factory.signedIn('manager');
    const admin = await ctx.factory.signedIn('admin');
    const url = `/api/users/${signed.user.id}/two-factor`;

    expect((await other.inject({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await loginWithCode(signed.user)).statusCode).toBe(200);
  });
});

describe('two-factor required for administrators', () => {
  async function requireForAdmins(admin: SignedInUser, on: boolean) {
    const res = await admin.inject({
      method: 'PUT',
      url: '/api/system-settings',
      payload: { adminTwoFactorRequired: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SystemSettings>().adminTwoFactorRequired).toBe(on);
  }

  it('holds an admin without it to the setup, and lets it work once it is on', async () => {
    const deciding = await ctx.factory.signedIn('admin');
    await enableTwoFactor(deciding);
    await requireForAdmins(deciding, true);
    try {
      const admin = await ctx.factory.signedIn('admin');
      const blocked = await admin.inject({ method: 'GET', url: '/api/users/get-all-users' });
      expectError(blocked, 403, 'two_factor_setup_required', messages.twoFactorSetupRequired);
      expect((await admin.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
      const status = await admin.inject({ method: 'GET', url: '/api/auth/2fa' });
      expect(status.json<TwoFactorStatus>()).toEqual({ enabled: false, required: true });

      await enableTwoFactor(admin);
      const allowed = await admin.inject({ method: 'GET', url: '/api/users/get-all-users' });
      expect(allowed.statusCode, allowed.body).toBe(200);

      // Required means it cannot be turned off.
      const off = await admin.inject({
        method: 'POST',
        url: '/api/auth/2fa/disable',
        payload: { password: TEST_PASSWORD, code: '123456' },
      });
      expect(off.statusCode).toBe(403);

      // Managers and resellers are not held.
      const manager = await ctx.factory.signedIn('manager');
      expect((await manager.inject({ method: 'GET', url: '/api/orders/all' })).statusCode).toBe(
        200,
      );
    } finally {
      await requireForAdmins(deciding, false);
    }
  });

  it('shows the requirement to admins only', async () => {
    const reseller = await ctx.factory.signedIn();
    const res = await reseller.inject({ method: 'GET', url: '/api/system-settings' });
    expect(res.json()).not.toHaveProperty('adminTwoFactorRequired');
  });
});
