import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { sessionListSchema, type Session } from '@keymarket/contracts/sessions';
import { refreshTokens, sessions } from '../src/db/schema/index';
import type { UserRow } from '../src/modules/users/users.repository';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { TEST_PASSWORD } from './helpers/test-app';
import { useTestApp } from './helpers/use-app';
import { auditRowsFor } from './helpers/users';

// Signed-in devices: GET/DELETE /users/me/sessions for one's own, /users/{id}/sessions for an
// administrator over another user's.

const ctx = useTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs `user` in from a device: its user agent, address and (CDN header) country. */
async function signInFrom(
  user: UserRow,
  device: { userAgent?: string; ip?: string; country?: string } = {},
): Promise<SignedInUser> {
  const headers = {
    ...(device.userAgent ? { 'user-agent': device.userAgent } : {}),
    ...(device.country ? { 'cf-ipcountry': device.country } : {}),
  };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: user.username, password: TEST_PASSWORD },
    headers,
    remoteAddress: device.ip ?? '127.0.0.1',
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    user,
    cookies,
    inject: (options: InjectOptions) =>
      ctx.app.inject({
        remoteAddress: device.ip ?? '127.0.0.1',
        ...options,
        headers: { ...headers, cookie: cookies, ...(options.headers ?? {}) },
      }),
  };
}

async function sessionsOf(as: SignedInUser, url = '/api/users/me/sessions'): Promise<Session[]> {
  const response = await as.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return sessionListSchema.strict().parse(response.json()).sessions;
}

const me = (as: SignedInUser) => as.inject({ method: 'GET', url: '/api/users/me' });

async function sessionRow(id: string) {
  const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, id));
  return row!;
}

describe('GET /api/users/me/sessions', () => {
  let user: UserRow;
  let laptop: SignedInUser;
  let phone: SignedInUser;

  beforeAll(async () => {
    user = await ctx.factory.user();
    laptop = await signInFrom(user, {
      userAgent: WINDOWS_CHROME,
      ip: '203.0.113.7',
      country: 'FR',
    });
    phone = await signInFrom(user, { userAgent: IPHONE_SAFARI, ip: '198.51.100.4' });
  });

  it('answers 401 without a session', async () => {
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/users/me/sessions' }),
      401,
      'unauthorized',
    );
  });

  it('lists each signed-in device with its device, address and country, the current one marked', async () => {
    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(2);
    const [fromPhone] = listed.filter((s) => s.current);
    const [fromLaptop] = listed.filter((s) => !s.current);
    expect(fromPhone).toMatchObject({
      device: { type: 'mobile', browser: 'Safari 17', os: 'iOS 17.5' },
      ip: '198.51.100.4',
      userAgent: IPHONE_SAFARI,
    });
    // No country known: the field is left out, not null.
    expect(fromPhone).not.toHaveProperty('country');
    expect(fromLaptop).toMatchObject({
      device: { type: 'desktop', browser: 'Chrome 131', os: 'Windows 10' },
      ip: '203.0.113.7',
      country: 'FR',
    });
    // The laptop sees itself as the current one.
    expect((await sessionsOf(laptop)).find((s) => s.current)?.id).toBe(fromLaptop!.id);
  });

  it('names no device for a user agent that describes none', async () => {
    const other = await ctx.factory.user();
    const bot = await signInFrom(other, { userAgent: 'curl/8.0' });
    expect((await sessionsOf(bot))[0]!.device).toEqual({
      type: 'unknown',
      browser: null,
      os: null,
    });
  });

  it('shows only its own sessions, never another user’s', async () => {
    const stranger = await signInFrom(await ctx.factory.user());
    const ids = (await sessionsOf(laptop)).map((s) => s.id);
    const strangers = (await sessionsOf(stranger)).map((s) => s.id);
    expect(strangers).toHaveLength(1);
    expect(ids).not.toContain(strangers[0]);
  });

  it('leaves out ended sessions and those whose refresh tokens have all expired', async () => {
    const owner = await ctx.factory.user();
    const kept = await signInFrom(owner);
    const stale = await signInFrom(owner);
    const ended = await signInFrom(owner);
    const currentOf = async (device: SignedInUser) =>
      (await sessionsOf(device)).find((s) => s.current)!.id;
    const [staleId, endedId] = [await currentOf(stale), await currentOf(ended)];
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.sessionId, staleId));
    await ctx.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, endedId));
    const ids = (await sessionsOf(kept)).map((s) => s.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(staleId);
    expect(ids).not.toContain(endedId);
  });
});

describe('last seen', () => {
  it('is written from a request at most once a minute, with its address and country', async () => {
    const user = await ctx.factory.user();
    const device = await signInFrom(user, { ip: '203.0.113.10', country: 'FR' });
    const [session] = await sessionsOf(device);
    // A minute and more ago: the next request writes the time, the address and the country.
    await ctx.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, session!.id));
    const moved = { remoteAddress: '198.51.100.20', headers: { 'cf-ipcountry': 'MA' } };
    expect(
      (await device.inject({ method: 'GET', url: '/api/users/me', ...moved })).statusCode,
    ).toBe(200);
    const written = await sessionRow(session!.id);
    expect(Date.now() - written.lastUsedAt.getTime()).toBeLessThan(30_000);
    expect(written).toMatchObject({ ip: '198.51.100.20', country: 'MA' });

    // Within the minute, requests write nothing, wherever they come from.
    const again = { remoteAddress: '192.0.2.30', headers: { 'cf-ipcountry': 'EG' } };
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await device.inject({ method: 'GET', url: '/api/users/me', ...again })).statusCode,
      ).toBe(200);
    }
    expect(await sessionRow(session!.id)).toMatchObject({
      ip: '198.51.100.20',
      country: 'MA',
      lastUsedAt: written.lastUsedAt,
    });
  });
});

describe('DELETE /api/users/me/sessions/{id}', () => {
  it('signs out one other device: its next request is refused at once', async () => {
    const user = await ctx.factory.user();
    const laptop = await signInFrom(user);
    const phone = await signInFrom(user);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;

    const response = await laptop.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${phoneId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 1 });
    expectError(await me(phone), 401, 'unauthorized');
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneId);
  });

  it('refuses the current session (that is signing out) with 409', async () => {
    const device = await signInFrom(await ctx.factory.user());
    const [current] = await sessionsOf(device);
    expectError(
      await device.inject({ method: 'DELETE', url: `/api/users/me/sessions/${current!.id}` }),
      409,
      'conflict',
      messages.sessionIsCurrent,
    );
    expect((await me(device)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s session, which stays signed in, and for an ended one', async () => {
    const owner = await signInFrom(await ctx.factory.user());
    const stranger = await signInFrom(await ctx.factory.user());
    const [ownerSession] = await sessionsOf(owner);
    expectError(
      await stranger.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${ownerSession!.id}`,
      }),
      404,
      'not_found',
      messages.sessionNotFound,
    );
    expect((await me(owner)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one', async () => {
    const device = await signInFrom(await ctx.factory.user());
    expectValidation(
      await device.inject({ method: 'DELETE', url: '/api/users/me/sessions/not-an-id' }),
      'params.sessionId',
      messages.sessionNotFound,
    );
  });
});

describe('DELETE /api/users/me/sessions?others=true', () => {
  it('signs out every other device and keeps this one', async () => {
    const user = await ctx.factory.user();
    const here = await signInFrom(user);
    const others = [await signInFrom(user), await signInFrom(user)];
    const response = await here.inject({
      method: 'DELETE',
      url: '/api/users/me/sessions?others=true',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const other of others) expectError(await me(other), 401, 'unauthorized');
    expect((await me(here)).statusCode).toBe(200);
    expect(await sessionsOf(here)).toHaveLength(1);
  });

  it('asks for others=true by name', async () => {
    const device = await signInFrom(await ctx.factory.user());
    for (const query of ['', '?others=false']) {
      const response = await device.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions${query}`,
      });
      expectError(response, 400, 'validation');
      expect(response.body).toContain('others=true');
    }
    expect((await me(device)).statusCode).toBe(200);
  });
});

describe("an administrator and another user's sessions", () => {
  let admin: SignedInUser;
  let manager: SignedInUser;
  let target: UserRow;

  beforeAll(async () => {
    admin = await ctx.factory.signedIn('admin');
    manager = await ctx.factory.signedIn('manager', admin.user);
    target = await ctx.factory.user({ invitedBy: manager.user });
  });

  const urlOf = (userId: string, sessionId?: string) =>
    `/api/users/${userId}/sessions${sessionId ? `/${sessionId}` : ''}`;

  it('refuses everyone but an administrator, even the user’s inviter', async () => {
    const device = await signInFrom(target);
    const [session] = await sessionsOf(device);
    for (const [method, url] of [
      ['GET', urlOf(target.id)],
      ['DELETE', urlOf(target.id)],
      ['DELETE', urlOf(target.id, session!.id)],
    ] as const) {
      expectError(await manager.inject({ method, url }), 403, 'forbidden');
      expectError(await device.inject({ method, url }), 403, 'forbidden');
      expectError(await ctx.app.inject({ method, url }), 401, 'unauthorized');
    }
    expect((await me(device)).statusCode).toBe(200);
  });

  it('lists the user’s devices, none of them current', async () => {
    const device = await signInFrom(target, { userAgent: IPHONE_SAFARI });
    const listed = await sessionsOf(admin, urlOf(target.id));
    expect(listed.map((s) => s.current)).not.toContain(true);
    expect(listed.map((s) => s.device.os)).toContain('iOS 17.5');
    expect(listed.length).toBe((await sessionsOf(device)).length);
  });

  it('ends one session, audited, and answers 404 for a session that is not the user’s', async () => {
    const one = await signInFrom(target);
    const two = await signInFrom(target);
    const oneId = (await sessionsOf(one)).find((s) => s.current)!.id;
    const response = await admin.inject({ method: 'DELETE', url: urlOf(target.id, oneId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 1 });
    expectError(await me(one), 401, 'unauthorized');
    expect((await me(two)).statusCode).toBe(200);

    const [adminSession] = await sessionsOf(admin);
    expectError(
      await admin.inject({ method: 'DELETE', url: urlOf(target.id, adminSession!.id) }),
      404,
      'not_found',
      messages.sessionNotFound,
    );
    const [entry] = await auditRowsFor(admin, target.id);
    expect(entry).toMatchObject({
      action: 'user.sessions_ended',
      actor: { id: admin.user.id },
      targetType: 'user',
      after: { session: oneId },
    });
  });

  it('ends every session of the user, audited', async () => {
    const devices = [await signInFrom(target), await signInFrom(target)];
    const response = await admin.inject({ method: 'DELETE', url: urlOf(target.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(2);
    for (const device of devices) expectError(await me(device), 401, 'unauthorized');
    expect(await sessionsOf(admin, urlOf(target.id))).toEqual([]);
    const [entry] = await auditRowsFor(admin, target.id);
    expect(entry).toMatchObject({ action: 'user.sessions_ended', after: { sessions: 'all' } });
  });

  it('sends an administrator to its own profile for its own sessions, and 404s an unknown user', async () => {
    expectError(
      await admin.inject({ method: 'DELETE', url: urlOf(admin.user.id) }),
      403,
      'forbidden',
    );
    expect((await me(admin)).statusCode).toBe(200);
    expectError(
      await admin.inject({ method: 'GET', url: urlOf('00000000-0000-4000-8000-000000000000') }),
      404,
      'not_found',
      messages.userNotFound,
    );
  });
});
