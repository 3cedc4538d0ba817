import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AccountBannedError, AppError } from '../../lib/app-error';
import { batchedLookup } from '../../lib/batched-lookup';
import type { FastifyRequest } from 'fastify';
import { clientInfoOf, type CountrySource } from '../../lib/client-info';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AccessTokens } from '../../lib/tokens';
import type { Role } from '@keymarket/contracts/users';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';

/** A session's `last_used_at` ("last seen" on the Sessions screen) is written at most this often. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** When this instance last wrote a session's last-seen time: the sessions of a busy platform. */
const SEEN_MEMO_MAX = 10_000;

interface SessionGateOptions {
  writes?: Database;
  countrySource?: CountrySource;
}

/** The ids a token carries are ours, but one malformed id would fail a whole batch's query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks an access token AND the live state behind it on every request: a revoked session, a ban
 * or a suspension takes effect at once rather than when the 15-minute token expires. One indexed
 * lookup; the role comes from the database so an upgrade applies immediately too.
 */
export class SessionGate {
  /**
   * Every signed-in request runs it, so the checks of requests that arrive together go out as one
   * query (`batchedLookup`), built once and named. It runs on the `db` given (the pool for
   * batched reads, `DatabaseHandle.batchedReads`), outside any transaction.
   */
  private readonly sessionOf;
  private readonly markSeen;
  /**
   * When this instance last wrote a session's last-seen time, so that a busy session's requests
   * skip the write (the row just read is only as fresh as the last write).
   */
  private readonly lastMarked = new LRUCache<string, number>({ max: SEEN_MEMO_MAX });

  /**
   * `db` answers the session lookups (the pool of batched reads); `writes` takes the last-seen
   * writes, which wait for a commit and have no place on that pool (without it, `db`).
   * `countrySource` tells the country of the address a session is seen from.
   */
  constructor(
    db: Database,
    private readonly tokens: AccessTokens,
    private readonly settings: SystemSettingsCache,
    { writes = db, countrySource = { geoip: false } }: SessionGateOptions = {},
  ) {
    const sessionsQuery = db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        role: users.role,
        status: users.status,
        banReason: users.banReason,
        totpEnabledAt: users.totpEnabledAt,
        revokedAt: sessions.revokedAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`)
      .prepare('session_gate');
    this.sessionOf = batchedLookup(async (sessionIds: readonly string[]) => {
      const rows = await sessionsQuery.execute({ sessionIds });
      return new Map(rows.map((row) => [row.sessionId, row]));
    });
    // Conditional, so the requests of one burst that all saw an old time write it once.
    const touch = writes
      .update(sessions)
      .set({
        lastUsedAt: sql`now()`,
        ip: sql`${sql.placeholder('ip')}::text`,
        country: sql`${sql.placeholder('country')}::char(2)`,
      })
      .where(
        sql`${sessions.id} = ${sql.placeholder('id')}::uuid and ${sessions.lastUsedAt}
          < now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_MS / 1000})`,
      )
      .prepare('session_touch');
    this.markSeen = (id: string, request: FastifyRequest) => {
      const { ip, country } = clientInfoOf(request, countrySource);
      return touch.execute({ id, ip, country });
    };
  }

  /**
   * `seenIn` is the request that carried the token: the session's last-seen time, and the
   * address and country it comes from, are written from it at most once a minute.
   */
  async authenticate(token: string, seenIn?: FastifyRequest): Promise<AuthContext> {
    const claims = await this.tokens.verify(token);
    if (!claims || !UUID.test(claims.sessionId) || !UUID.test(claims.userId))
      throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
    // PostgreSQL answers ids in lower case; the server issues them so, but compare alike anyway.
    const row = await this.sessionOf(claims.sessionId.toLowerCase());
    if (!row || row.userId !== claims.userId.toLowerCase())
      throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
    // Status first: a banned user whose sessions were just ended learns why, not just "signed out".
    assertCanSignIn(row.status, row.banReason);
    if (row.revokedAt)
      throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
    if (seenIn) await this.noteSeen(row.sessionId, row.lastUsedAt, seenIn);
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      role: row.role,
      twoFactorSetupRequired: await mustSetUpTwoFactor(row, this.settings),
    };
  }

  async tryAuthenticate(token: string, seenIn?: FastifyRequest): Promise<AuthContext | null> {
    try {
      return await this.authenticate(token, seenIn);
    } catch {
      return null;
    }
  }

  private async noteSeen(
    sessionId: string,
    lastUsedAt: Date,
    request: FastifyRequest,
  ): Promise<void> {
    const now = Date.now();
    const last = Math.max(lastUsedAt.getTime(), this.lastMarked.get(sessionId) ?? 0);
    if (now - last <= LAST_SEEN_RESOLUTION_MS) return;
    this.lastMarked.set(sessionId, now);
    await this.markSeen(sessionId, request);
  }
}

/** An administrator without two-factor sign-in while the platform requires it (a cached read). */
export async function mustSetUpTwoFactor(
  user: { role: Role; totpEnabledAt: Date | null },
  settings: SystemSettingsCache,
): Promise<boolean> {
  return (
    isAdmin(user) && user.totpEnabledAt === null && (await settings.read()).adminTwoFactorRequired
  );
}

export function assertCanSignIn(
  status: 'active' | 'banned' | 'inactive',
  banReason: string | null,
) {
  if (status === 'banned') throw new AccountBannedError(banReason);
  if (status === 'inactive') {
    throw new AppError(
      'inactive',
      'Your account is not active yet. Please contact support or wait for approval.',
    );
  }
}
