import { messages } from '@keymarket/contracts/messages';
import type { EndedSessions, SessionList } from '@keymarket/contracts/sessions';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { assertMayActOnUser } from '../access/policy';
import {
  listLiveSessions,
  revokeUserSession,
  revokeUserSessions,
} from '../auth/sessions.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { findUserById } from '../users/users.repository';
import { deviceOf } from './device';

type SessionRow = Awaited<ReturnType<typeof listLiveSessions>>[number];

function sessionView(row: SessionRow, currentSessionId: string | undefined) {
  return {
    id: row.id,
    device: deviceOf(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    ...(row.country ? { country: row.country } : {}),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/**
 * The devices signed in to an account: its owner sees and ends its own; an administrator ends
 * another user's (audited as `user.sessions_ended`), never through its own account's list.
 */
export class SessionsService {
  constructor(private readonly db: Database) {}

  async listMine(caller: AuthContext): Promise<SessionList> {
    const rows = await listLiveSessions(this.db, caller.userId);
    return { sessions: rows.map((row) => sessionView(row, caller.sessionId)) };
  }

  async endMine(caller: AuthContext, sessionId: string): Promise<EndedSessions> {
    if (sessionId === caller.sessionId) {
      throw new AppError('conflict', messages.sessionIsCurrent);
    }
    if (!(await revokeUserSession(this.db, caller.userId, sessionId, 'ended by its user'))) {
      throw new AppError('not_found', messages.sessionNotFound);
    }
    return { ended: 1 };
  }

  async endMyOthers(caller: AuthContext): Promise<EndedSessions> {
    const ended = await revokeUserSessions(
      this.db,
      caller.userId,
      'other devices signed out by their user',
      // A caller without a web session (none reach here today) would end them all.
      caller.sessionId,
    );
    return { ended };
  }

  async listOf(caller: AuthContext, userId: string): Promise<SessionList> {
    const target = await this.target(caller, userId);
    const rows = await listLiveSessions(this.db, target.id);
    return { sessions: rows.map((row) => sessionView(row, undefined)) };
  }

  /** One session of another user (`sessionId`), or all of them. */
  async endOf(caller: AuthContext, userId: string, sessionId?: string): Promise<EndedSessions> {
    const target = await this.target(caller, userId);
    return this.db.transaction(async (tx) => {
      const reason = 'ended by an administrator';
      let ended: number;
      if (sessionId) {
        if (!(await revokeUserSession(tx, target.id, sessionId, reason))) {
          throw new AppError('not_found', messages.sessionNotFound);
        }
        ended = 1;
      } else {
        ended = await revokeUserSessions(tx, target.id, reason);
      }
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.sessions_ended',
        targetType: 'user',
        targetId: target.id,
        after: sessionId ? { session: sessionId } : { sessions: 'all', ended },
      });
      return { ended };
    });
  }

  /** Admins only; an administrator's own devices are ended from its own profile. */
  private async target(caller: AuthContext, userId: string) {
    return assertMayActOnUser(caller, await findUserById(this.db, userId), { allowAdmins: true });
  }
}
