import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import type { User } from '@keymarket/contracts/users';
import { users } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import { generateCode, login, register, signupPayload } from './helpers/signup';
import { cookiesOf, createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';
import { useTestApp } from './helpers/use-app';

const ctx = useTestApp();
let reseller: UserRow;

beforeAll(async () => {
  reseller = await ctx.factory.user({ username: 'Login_Tester' });
});

describe('POST /api/auth/login', () => {
  it('signs in by username and sets both session cookies', async () => {
    const res = await login(ctx, 'Login_Tester', TEST_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ id: reseller.id, role: 'reseller' });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['km_access', 'km_refresh']);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/role',
      headers: { cookie: cookiesOf(res) },
    });
    expect(me.json()).toEqual({ role: 'reseller' });
  });

  it('signs in by email', async () => {
    const res = await login(ctx, reseller.email, TEST_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.id).toBe(reseller.id);
  });

  it('matches username and email whatever their case, and ignores surrounding spaces', async () => {
    for (const identifier of [
      'login_tester',
      'LOGIN_TESTER',
      ` ${reseller.email.toUpperCase()} `,
    ]) {
      const res = await login(ctx, identifier, TEST_PASSWORD);
      expect(res.statusCode, identifier).toBe(200);
      expect(res.json<{ user: User }>().user.id).toBe(reseller.id);
    }
  });

  it('answers 401 invalid_credentials with the specification text for a wrong password', async () => {
    const res = await login(ctx, 'Login_Tester', 'Wrong-passw0rd');
    expectError(res, 401, 'invalid_credentials', messages.loginFailed);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown user exactly like a wrong password (no account enumeration)', async () => {
    const unknown = await login(ctx, 'nobody_here', TEST_PASSWORD);
    const wrong = await login(ctx, 'Login_Tester', 'Wrong-passw0rd');
    expectError(unknown, 401, 'invalid_credentials', messages.loginFailed);
    expect(unknown.body).toBe(wrong.body);
  });

  it('tells a banned user the reason, but only with the right password', async () => {
    const banned = await ctx.factory.user({ status: 'banned' });
    await ctx.database.db
      .update(users)
      .set({ banReason: 'Chargeback on order 42' })
      .where(eq(users.id, banned.id));

    const res = await login(ctx, banned.username, TEST_PASSWORD);
    const body = expectError(res, 403, 'banned');
    expect(body.message.text).toContain('Chargeback on order 42');
    expect(res.headers['set-cookie']).toBeUndefined();

    expectError(await login(ctx, banned.username, 'Wrong-passw0rd'), 401, 'invalid_credentials');
  });

  it('sends the ban reason as data, exactly as the administrator typed it', async () => {
    const withReason = await ctx.factory.user({ status: 'banned' });
    const reason = 'Chargebacks: orders 41, 42';
    await ctx.database.db
      .update(users)
      .set({ banReason: reason })
      .where(eq(users.id, withReason.id));
    const body = expectError(await login(ctx, withReason.username, TEST_PASSWORD), 403, 'banned');
    expect(body.message).toEqual({
      type: 'banned',
      text: `Your account has been banned: ${reason}`,
      reason,
    });

    const withoutReason = await ctx.factory.user({ status: 'banned' });
    const bare = expectError(
      await login(ctx, withoutReason.username, TEST_PASSWORD),
      403,
      'banned',
    );
    expect(bare.message).toEqual({ type: 'banned', text: 'Your account has been banned' });
  });

  it('refuses an inactive (suspended or unapproved) user with 403 inactive', async () => {
    const inactive = await ctx.factory.user({ status: 'inactive' });
    const res = await login(ctx, inactive.username, TEST_PASSWORD);
    expectError(res, 403, 'inactive');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('requires both fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: '  ', password: '' },
    });
    expectValidation(res, 'body.identifier', messages.identifierRequired);
    expectValidation(res, 'body.password', messages.passwordRequired);
  });

  it('refuses an identifier holding a NUL by name, not as a value the database cannot store', async () => {
    // Found by the bad-input sweep: the NUL reached PostgreSQL, which refused to compare it.
    for (const identifier of ['Login_Tester\u0000', 'a\u0000b', 'Login\u0007Tester']) {
      const res = await login(ctx, identifier, TEST_PASSWORD);
      expectValidation(res, 'body.identifier', messages.invisibleCharacters);
    }
  });

  it('signs in with a pasted identifier that carries invisible characters', async () => {
    // A direction mark comes along with a name copied from Arabic text, a zero-width space from
    // a chat: no username or email can hold one, so they are dropped, not refused.
    const res = await login(ctx, '\u200fLogin\u200b_Tester\u200e', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3', REGISTER_RATE_LIMIT: '2' });
  });
  afterAll(() => limited.close());

  it('refuses the 4th login attempt for one identifier from one address, not another identifier', async () => {
    const target = await limited.factory.user();
    const other = await limited.factory.user();
    const from = { remoteAddress: '203.0.113.7' };

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(
        await login(limited, target.username, 'Wrong-passw0rd', from),
        401,
        'invalid_credentials',
      );
    }
    // Even the right password: the limit is checked before the password.
    expectError(await login(limited, target.username, TEST_PASSWORD, from), 429, 'rate_limited');
    // The identifier is counted case-insensitively.
    expectError(
      await login(limited, target.username.toUpperCase(), TEST_PASSWORD, from),
      429,
      'rate_limited',
    );

    expect((await login(limited, other.username, TEST_PASSWORD, from)).statusCode).toBe(200);
    // The same identifier from another address is a different pair.
    const elsewhere = { remoteAddress: '198.51.100.9' };
    expect((await login(limited, target.username, TEST_PASSWORD, elsewhere)).statusCode).toBe(200);
  });

  it('counts attempts per account, whether the username or the email names it', async () => {
    const target = await limited.factory.user();
    const from = { remoteAddress: '203.0.113.9' };
    const names = [target.username, target.email, target.username.toUpperCase()];
    for (const identifier of names) {
      expectError(
        await login(limited, identifier, 'Wrong-passw0rd', from),
        401,
        'invalid_credentials',
      );
    }
    const refused = await login(limited, target.email, TEST_PASSWORD, from);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expectError(await login(limited, target.username, TEST_PASSWORD, from), 429, 'rate_limited');
  });

  it('forgets the attempts under every identifier after a successful login', async () => {
    const target = await limited.factory.user();
    const from = { remoteAddress: '203.0.113.10' };
    await login(limited, target.username, 'Wrong-passw0rd', from);
    await login(limited, target.email, 'Wrong-passw0rd', from);
    expect((await login(limited, target.email, TEST_PASSWORD, from)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(
        await login(limited, target.username, 'Wrong-passw0rd', from),
        401,
        'invalid_credentials',
      );
    }
  });

  it('still counts an identifier that names no account, as typed', async () => {
    const from = { remoteAddress: '203.0.113.11' };
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectError(
        await login(limited, 'Nobody_Here', 'Wrong-passw0rd', from),
        401,
        'invalid_credentials',
      );
    }
    expectError(await login(limited, 'nobody_here', 'Wrong-passw0rd', from), 429, 'rate_limited');
  });

  it('forgets failed attempts after a successful login', async () => {
    const target = await limited.factory.user();
    const from = { remoteAddress: '203.0.113.8' };
    await login(limited, target.username, 'Wrong-passw0rd', from);
    await login(limited, target.username, 'Wrong-passw0rd', from);
    expect((await login(limited, target.username, TEST_PASSWORD, from)).statusCode).toBe(200);
    expectError(
      await login(limited, target.username, 'Wrong-passw0rd', from),
      401,
      'invalid_credentials',
    );
  });

  it('refuses registrations from one address past REGISTER_RATE_LIMIT, not from another', async () => {
    const creator = await limited.factory.signedIn('admin');
    const from = { remoteAddress: '203.0.113.50' };
    // Attempts count whether or not they succeed.
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expectError(await register(limited, signupPayload('ZZZZZZZZ'), from), 409, 'conflict');
    }
    const invitation = await generateCode(creator);
    const refused = await register(limited, signupPayload(invitation.code), from);
    expectError(refused, 429, 'rate_limited');

    const other = await register(limited, signupPayload(invitation.code), {
      remoteAddress: '198.51.100.50',
    });
    expect(other.statusCode, other.body).toBe(201);
  });
});
