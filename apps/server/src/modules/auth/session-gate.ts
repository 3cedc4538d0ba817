import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AccountBannedError, AppError } from '../../lib/app-error';
import { batchedLookup } from '../../lib/batched-lookup';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AccessTokens } from '../../lib/tokens';
import type { Role } from '@keymarket/contracts/users';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';

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

  constructor(
    db: Database,
    private readonly tokens: AccessTokens,
    private readonly settings: SystemSettingsCache,
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
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`)
      .prepare('session_gate');
    this.sessionOf = batchedLookup(async (sessionIds: readonly string[]) => {
      const rows = await sessionsQuery.execute({ sessionIds });
      return new Map(rows.map((row) => [row.sessionId, row]));
    });
  }

  async authenticate(token: string): Promise<AuthContext> {
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
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      role: row.role,
      twoFactorSetupRequired: await mustSetUpTwoFactor(row, this.settings),
    };
  }

  async tryAuthenticate(token: string): Promise<AuthContext | null> {
    try {
      return await this.authenticate(token);
    } catch {
      return null;
    }
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
