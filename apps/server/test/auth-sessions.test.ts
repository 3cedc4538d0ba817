import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { users } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import type { SignedInUser } from './helpers/factory';
import { expectError, expectValidation } from './helpers/expect-error';
import { injectWith, login, sessionTokensOf, type SessionTokens } from './helpers/signup';
import {
  createTestApp,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  type TestContext,
} from './helpers/test-app';
import { useTestApp } from './helpers/use-app';
import type { User } from '@keymarket/contracts/users';

const ctx = useTestApp();
let user: UserRow;

beforeAll(async () => {
  user = await ctx.factory.user();
});

/** A new session of `who` (a fresh token family). */
async function signIn(who: UserRow = user, password = TEST_PASSWORD): Promise<SessionTokens> {
  const res = await login(ctx, who.username, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return sessionTokensOf(res);
}

const refresh = (refreshToken?: string) =>
  injectWith(ctx, { refresh: refreshToken }, { method: 'GET', url: '/api/auth/refresh' });

const me = (accessToken: string) =>
  injectWith(ctx, { access: accessToken }, { method: 'GET', url: '/api/users/me' });

/** The JWT's claims, read without checking the signature. */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('GET /api/auth/refresh', () => {
  it('rotates: answers new cookies, and the new refresh token works in turn', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const second = sessionTokensOf(res);
    expect(second.refresh).not.toBe(first.refresh);
    for (const cookie of res.cookies)
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    expect((await me(second.access)).statusCode).toBe(200);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('refuses a refresh token that has already been rotated, and clears the cookies', async () => {
    const first = await signIn();
    expect((await refresh(first.refresh)).statusCode).toBe(200);
    const res = await refresh(first.refresh);
    expectError(res, 401, 'unauthorized');
    const cleared = res.cookies.filter((c) => c.value === '' && c.maxAge === 0);
    expect(cleared.map((c) => c.name).sort()).toEqual(['km_access', 'km_refresh']);
  });

  it('on reuse of a rotated token, revokes the whole family at once (theft detection)', async () => {
    const first = await signIn();
    const second = sessionTokensOf(await refresh(first.refresh));
    const latest = sessionTokensOf(await refresh(second.refresh));
    expect((await me(latest.access)).statusCode).toBe(200);

    // Someone replays the first token: the thief or the victim, the server cannot tell.
    expectError(await refresh(first.refresh), 401, 'unauthorized');

    expectError(await me(latest.access), 401, 'unauthorized');
    expectError(await refresh(latest.refresh), 401, 'unauthorized');
  });

  it('leaves the other sessions of the same user alone when one family is revoked', async () => {
    const stolen = await signIn();
    const other = await signIn();
    await refresh(stolen.refresh);
    await refresh(stolen.refresh); // reuse: revokes the stolen family only
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('answers 401 unauthorized without a refresh cookie, or with an unknown one', async () => {
    expectError(await refresh(), 401, 'unauthorized');
    expectError(await refresh('not-a-token-we-issued'), 401, 'unauthorized');
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes the session and clears both cookies on the paths they were set with', async () => {
    const session = await signIn();
    const res = await injectWith(ctx, session, { method: 'GET', url: '/api/auth/logout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cleared.km_access).toMatchObject({ value: '', maxAge: 0, path: '/api' });
    expect(cleared.km_refresh).toMatchObject({ value: '', maxAge: 0, path: '/api/auth' });

    expectError(await me(session.access), 401, 'unauthorized');
    expectError(await refresh(session.refresh), 401, 'unauthorized');
  });

  it('ends the session from the refresh cookie alone (access token already expired)', async () => {
    const session = await signIn();
    const res = await injectWith(
      ctx,
      { refresh: session.refresh },
      { method: 'GET', url: '/api/auth/logout' },
    );
    expect(res.statusCode).toBe(200);
    expectError(await me(session.access), 401, 'unauthorized');
  });
});

describe('GET /api/auth/logout from another site', () => {
  const HOST = 'shop.example:8080';
  const logoutWith = (session: SessionTokens, headers: Record<string, string>) =>
    injectWith(ctx, session, {
      method: 'GET',
      url: '/api/auth/logout',
      headers: { host: HOST, ...headers },
    });

  it.each([
    ['a link or an image on another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    [
      'a fetch from another origin',
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ],
    ['an older browser following a link', { referer: 'https://evil.example/page' }],
    ['a referrer that only shares the host name', { referer: `https://${HOST}/` }],
    ['a referrer that is not an address', { referer: 'not an address' }],
  ])('refuses %s with 403 forbidden and keeps the session', async (_, headers) => {
    const session = await signIn();
    const res = await logoutWith(session, headers);
    expectError(
      res,
      403,
      'forbidden',
      'This can only be done from this site, not from another one',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(200);
  });

  it.each([
    ['the web app (a same-origin fetch)', { 'sec-fetch-site': 'same-origin' }],
    ['an address the user typed', { 'sec-fetch-site': 'none' }],
    ['an older browser on one of our pages', { referer: `http://${HOST}/reseller/profile` }],
    ['a fetch naming our own origin', { origin: `http://${HOST}` }],
    ['a client that is not a browser', {}],
  ])('signs out %s', async (_, headers) => {
    const session = await signIn();
    expect((await logoutWith(session, headers)).statusCode).toBe(200);
    expectError(await me(session.access), 401, 'unauthorized');
  });

  it('signs out a fetch from an origin in ALLOWED_ORIGINS, and only from those', async () => {
    const allowing = await createTestApp({ ALLOWED_ORIGINS: 'https://app.example' });
    try {
      const signed = await allowing.factory.signedIn();
      const logoutFrom = (origin: string) =>
        signed.inject({
          method: 'GET',
          url: '/api/auth/logout',
          headers: { host: HOST, 'sec-fetch-site': 'cross-site', origin },
        });
      expectError(await logoutFrom('https://other.example'), 403, 'forbidden');
      expect((await logoutFrom('https://app.example')).statusCode).toBe(200);
      const after = await signed.inject({ method: 'GET', url: '/api/users/me' });
      expectError(after, 401, 'unauthorized');
    } finally {
      await allowing.close();
    }
  });
});

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a token signed with another secret', async () => {
    const { access } = await signIn();
    const claims = claimsOf(access);
    const forged = await new SignJWT({ sid: claims.sid, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000000'));
    expectError(await me(forged), 401, 'unauthorized');
  });

  it('refuses a token whose payload was tampered with', async () => {
    const { access } = await signIn();
    const [header, , signature] = access.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claimsOf(access), role: 'admin' })).toString(
      'base64url',
    );
    expectError(await me(`${header}.${payload}.${signature}`), 401, 'unauthorized');
  });

  it('refuses an unsigned (alg none) token and garbage', async () => {
    const { access } = await signIn();
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = access.split('.')[1];
    expectError(await me(`${header}.${payload}.`), 401, 'unauthorized');
    expectError(await me('garbage'), 401, 'unauthorized');
  });

  it('refuses a token past its 15 minutes', async () => {
    const { access } = await signIn();
    expect((await me(access)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expectError(await me(access), 401, 'unauthorized');
  });

  it('answers requests checked together each with its own session, live or ended', async () => {
    // Checks that arrive in one turn of the event loop share one query (batchedLookup).
    const people = await Promise.all([1, 2, 3, 4].map(() => ctx.factory.user()));
    const live = await Promise.all(people.map((who) => signIn(who)));
    const ended = await signIn(people[0]);
    await injectWith(ctx, ended, { method: 'GET', url: '/api/auth/logout' });
    // Another user's session id under this user's name: the session must be the user's own.
    const borrowed = await new SignJWT({ sid: claimsOf(live[1]!.access).sid, role: 'reseller' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(people[2]!.id)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));

    const tokens = [...live.map((session) => session.access), ended.access, borrowed];
    // Once each first, so every signature is already verified (remembered) and the checks below
    // reach the session lookup in the same turn.
    for (const token of tokens) await me(token);
    const answers = await Promise.all(tokens.map(me));
    answers.slice(0, 4).forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<User>().username).toBe(people[i]!.username);
    });
    expectError(answers[4]!, 401, 'unauthorized');
    expectError(answers[5]!, 401, 'unauthorized');
  });

  it("bans take effect on the user's very next request", async () => {
    const target = await ctx.factory.user();
    const { access } = await signIn(target);
    expect((await me(access)).statusCode).toBe(200);

    await ctx.database.db
      .update(users)
      .set({ status: 'banned', banReason: 'Abusive behaviour' })
      .where(eq(users.id, target.id));

    const body = expectError(await me(access), 403, 'banned');
    expect(body.message.text).toContain('Abusive behaviour');
  });
});

describe('PUT /api/users/me/password', () => {
  const NEW_PASSWORD = 'Brand-new-Pass9';
  const change = (access: string, payload: object) =>
    injectWith(ctx, { access }, { method: 'PUT', url: '/api/users/me/password', payload });

  it('refuses a wrong current password with 400 on body.currentPassword', async () => {
    const { access } = await signIn();
    const res = await change(access, {
      currentPassword: 'Not-the-passw0rd',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectValidation(res, 'body.currentPassword');
    // Nothing changed: the old password still signs in.
    expect((await login(ctx, user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password rules and the confirmation to the new password', async () => {
    const { access } = await signIn();
    expectValidation(
      await change(access, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'short',
        confirmPassword: 'short',
      }),
      'body.newPassword',
      messages.passwordMin,
    );
    expectValidation(
      await change(access, {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: 'Something-else1',
      }),
      'body.confirmPassword',
      messages.passwordsMismatch,
    );
  });

  it('keeps the current session, ends every other one, and swaps the passwords', async () => {
    const changer = await ctx.factory.user();
    const here = await signIn(changer);
    const elsewhere = await signIn(changer);

    const res = await change(here.access, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await me(here.access)).statusCode).toBe(200);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    expectError(await me(elsewhere.access), 401, 'unauthorized');
    expectError(await refresh(elsewhere.refresh), 401, 'unauthorized');

    expect((await login(ctx, changer.username, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(
      await login(ctx, changer.username, TEST_PASSWORD),
      401,
      'invalid_credentials',
      messages.loginFailed,
    );
  });

  describe('attempts, limited per user like sign-ins', () => {
    let limited: TestContext;
    beforeAll(async () => {
      limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    });
    afterAll(() => limited.close());

    const attempt = (as: SignedInUser, currentPassword: string) =>
      as.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        payload: { currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });

    it('refuses the 4th attempt with 429 and Retry-After, even with the right password', async () => {
      const guesser = await limited.factory.signedIn();
      for (let guess = 1; guess <= 3; guess += 1) {
        expectValidation(await attempt(guesser, 'Not-the-passw0rd'), 'body.currentPassword');
      }
      const refused = await attempt(guesser, TEST_PASSWORD);
      expectError(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
      // The password did not change.
      expect((await login(limited, guesser.user.username, TEST_PASSWORD)).statusCode).toBe(200);

      // Counted per user: another user of the same address is not held back.
      const other = await limited.factory.signedIn();
      expect((await attempt(other, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('forgets the failed attempts after a change', async () => {
      const changer = await limited.factory.signedIn();
      await attempt(changer, 'Not-the-passw0rd');
      await attempt(changer, 'Not-the-passw0rd');
      expect((await attempt(changer, TEST_PASSWORD)).statusCode).toBe(200);
      for (let guess = 1; guess <= 3; guess += 1) {
        expectValidation(await attempt(changer, 'Not-the-passw0rd'), 'body.currentPassword');
      }
    });
  });

  it('requires a session', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expectError(res, 401, 'unauthorized');
  });
});
