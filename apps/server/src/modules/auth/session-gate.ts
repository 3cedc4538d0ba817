import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AccessTokens } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/access';

/**
 * Checks an access token AND the live state behind it on every request: a revoked session, a ban
 * or a suspension takes effect at once rather than when the 15-minute token expires. One indexed
 * lookup; the role comes from the database so an upgrade applies immediately too.
 */
export class SessionGate {
  /**
   * Every signed-in request runs it: built once, named, sent with the two ids only. It runs on
   * the `db` given (the hot pool, `DatabaseHandle.hot`), outside any transaction.
   */
  private readonly sessionQuery;

  constructor(
    db: Database,
    private readonly tokens: AccessTokens,
    private readonly settings: SystemSettingsCache,
  ) {
    this.sessionQuery = db
      .select({
        role: users.role,
        status: users.status,
        banReason: users.banReason,
        totpEnabledAt: users.totpEnabledAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('session_gate');
  }

  async authenticate(token: string): Promise<AuthContext> {
    const claims = await this.tokens.verify(token);
    if (!claims)
      throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
    const [row] = await this.sessionQuery.execute({
      sessionId: claims.sessionId,
      userId: claims.userId,
    });
    if (!row) throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
    // Status first: a banned user whose sessions were just ended learns why, not just "signed out".
    assertCanSignIn(row.status, row.banReason);
    if (row.revokedAt)
      throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
    const twoFactorSetupRequired =
      row.role === 'admin' &&
      row.totpEnabledAt === null &&
      (await this.settings.read()).adminTwoFactorRequired;
    return {
      userId: claims.userId,
      sessionId: claims.sessionId,
      role: row.role,
      twoFactorSetupRequired,
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

export function assertCanSignIn(
  status: 'active' | 'banned' | 'inactive',
  banReason: string | null,
) {
  if (status === 'banned') {
    throw new AppError(
      'banned',
      banReason ? `Your account has been banned: ${banReason}` : 'Your account has been banned',
    );
  }
  if (status === 'inactive') {
    throw new AppError(
      'inactive',
      'Your account is not active yet. Please contact support or wait for approval.',
    );
  }
}
