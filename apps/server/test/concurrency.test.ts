import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations, refreshTokens, sessions, users } from '../src/db/schema/index';
import type { SignedInUser } from './helpers/factory';
import { onPostgres } from './helpers/database';
import { expectError } from './helpers/expect-error';
import {
  generateCode,
  injectWith,
  login,
  register,
  sessionTokensOf,
  signupPayload,
} from './helpers/signup';
import { TEST_PASSWORD } from './helpers/test-app';
import { useTestApp } from './helpers/use-app';

// PGlite has a single connection, so requests queue one behind the other and a race proves
// nothing there. These run against a real PostgreSQL only.
describe.skipIf(!onPostgres)('races on PostgreSQL', () => {
  const ctx = useTestApp();
  let creator: SignedInUser;

  beforeAll(async () => {
    const admin = await ctx.factory.user({ role: 'admin' });
    creator = await ctx.factory.signedIn('manager', admin);
  });

  const refresh = (refreshToken: string) =>
    injectWith(ctx, { refresh: refreshToken }, { method: 'GET', url: '/api/auth/refresh' });
  const me = (accessToken: string) =>
    injectWith(ctx, { access: accessToken }, { method: 'GET', url: '/api/users/me' });

  it('20 signups racing for one code: exactly one account is created, 19 get 409', async () => {
    const invitation = await generateCode(creator);
    const payloads = Array.from({ length: 20 }, () => signupPayload(invitation.code));

    const responses = await Promise.all(payloads.map((payload) => register(ctx, payload)));

    const winners = responses.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    const losers = responses.filter((r) => r.statusCode !== 201);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expectError(loser, 409, 'conflict');

    const created = await ctx.database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        inArray(
          users.username,
          payloads.map((p) => p.username),
        ),
      );
    expect(created).toHaveLength(1);
    expect(created[0]!.username).toBe(payloads[responses.indexOf(winners[0]!)]!.username);

    const [row] = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.code, invitation.code));
    expect(row!.usedById).toBe(created[0]!.id);
    expect(row!.usedAt).not.toBeNull();
    const invitees = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.invitedById, creator.user.id));
    expect(invitees).toEqual([{ id: created[0]!.id }]);
  });

  it('10 refreshes racing with one token: one rotation, then the family is revoked as stolen', async () => {
    const user = await ctx.factory.user();
    const first = sessionTokensOf(await login(ctx, user.username, TEST_PASSWORD));

    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh)));

    // Row locks serialise the claim: the first wins, and each later one presents a token that is
    // by then rotated, which is exactly what a replayed stolen token looks like.
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of responses.filter((r) => r.statusCode !== 200)) {
      expectError(loser, 401, 'unauthorized');
    }

    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(session!.revokedAt).not.toBeNull();
    expect(session!.revokedReason).toBe('refresh token reused');

    // One token in, at most one out: the family never forks into two live tokens.
    const family = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, session!.id));
    expect(family).toHaveLength(1 + winners.length);
    expect(family.filter((t) => t.rotatedAt === null).length).toBeLessThanOrEqual(1);

    // And what the winner got is dead too.
    const issued = sessionTokensOf(winners[0]!);
    expectError(await me(issued.access), 401, 'unauthorized');
    expectError(await refresh(issued.refresh), 401, 'unauthorized');
  });

  it('refreshes of different sessions at once all succeed (no false theft alarm)', async () => {
    const user = await ctx.factory.user();
    const signIns = await Promise.all(
      Array.from({ length: 6 }, () => login(ctx, user.username, TEST_PASSWORD)),
    );
    const responses = await Promise.all(
      signIns.map((res) => refresh(sessionTokensOf(res).refresh)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    for (const res of responses) {
      expect((await me(sessionTokensOf(res).access)).statusCode).toBe(200);
    }
  });
});
