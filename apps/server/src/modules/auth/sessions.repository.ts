import { and, desc, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema/index';

export async function insertSession(
  db: Executor,
  values: { userId: string; userAgent: string | null; ip: string | null; country: string | null },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('Inserting a session returned no row');
  return row.id;
}

export async function insertRefreshToken(
  db: Executor,
  values: { sessionId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks an unexpired, never-used token as used and returns its session. Conditional on
 * `rotated_at IS NULL`, so of two requests presenting the same token exactly one wins.
 */
export async function claimRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  return row?.sessionId;
}

export async function findRefreshTokenSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.sessionId;
}

export async function findLiveSession(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

export async function touchSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `exceptSessionId`; answers how many it ended. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** More sign-ins than anyone keeps; past it, the least recently seen are not listed. */
const LIVE_SESSIONS_SHOWN = 100;

/**
 * The sessions of a user still able to go on: not ended, and holding a refresh token that is
 * neither used nor expired (a session left alone past its refresh tokens' life is over too).
 * Last seen first.
 */
export async function listLiveSessions(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.sessionId, sessions.id),
                isNull(refreshTokens.rotatedAt),
                gt(refreshTokens.expiresAt, sql`now()`),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(LIVE_SESSIONS_SHOWN);
}

/** Ends one session of `userId`; false when it is not the user's or had already ended. */
export async function revokeUserSession(
  db: Executor,
  userId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
