import type { z } from 'zod';
import type { loginRequestSchema, registerRequestSchema } from '@keymarket/contracts/auth';
import { messages } from '@keymarket/contracts/messages';
import type { User } from '@keymarket/contracts/users';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import type { ClientInfo } from '../../lib/client-info';
import type { RateLimits } from '../../lib/rate-limiter';
import { readSystemSettings } from '../../lib/settings';
import { hashToken, newRefreshToken, type AccessTokens } from '../../lib/tokens';
import { assertCountryAllowed } from '../banned-countries/banned-countries.service';
import { saveAccountLanguage } from '../email-preferences/email-preferences.repository';
import { claimInvitation, markInvitationUsedBy } from '../invitations/invitations.repository';
import { userView } from '../users/user-view';
import {
  findUserById,
  findUserByIdentifier,
  insertUser,
  updateUser,
} from '../users/users.repository';
import type { IssuedTokens } from './cookies';
import { assertCanSignIn } from './session-gate';
import {
  claimRefreshToken,
  findLiveSession,
  findRefreshTokenSession,
  insertRefreshToken,
  insertSession,
  revokeSession,
  touchSession,
} from './sessions.repository';

export interface AuthConfig {
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly rateLimits: RateLimits,
    private readonly twoFactor: TwoFactorService,
    private readonly config: AuthConfig,
  ) {}

  async register(
    input: RegisterInput,
    client: ClientInfo,
  ): Promise<{ user: User; tokens?: IssuedTokens }> {
    await this.rateLimits.consume('register', client.ip);
    await assertCountryAllowed(this.db, client.country);
    const settings = await readSystemSettings(this.db);
    if (!settings.registrationOpen) {
      throw new AppError('forbidden', messages.registrationClosed);
    }
    // Hash before the transaction: argon2 is deliberately slow and must not hold locks.
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        // Consuming the code first and conditionally makes it single-use under any race.
        const invitation = await claimInvitation(tx, input.inviteCode);
        if (!invitation) throw new AppError('conflict', messages.inviteCodeInvalid);
        const inviter = await findUserById(tx, invitation.createdById);
        if (!inviter || inviter.status !== 'active') {
          throw new AppError('conflict', messages.inviteCodeRevoked);
        }
        const user = await insertUser(tx, {
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          passwordHash,
          role: invitation.role,
          status: settings.signupApproval ? 'inactive' : 'active',
          invitedById: inviter.id,
          signupCountry: client.country,
          lastLoginCountry: client.country,
        });
        await markInvitationUsedBy(tx, invitation.id, user.id);
        if (input.language) await saveAccountLanguage(tx, user.id, input.language);
        const tokens = settings.signupApproval
          ? undefined
          : await this.startSession(tx, user, client);
        return { user: await userView(tx, user), tokens };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateAccountError(error);
      throw error;
    }
  }

  async login(
    input: LoginInput,
    client: ClientInfo,
  ): Promise<{ user: User; tokens: IssuedTokens }> {
    const user = await findUserByIdentifier(this.db, input.identifier);
    const pairKey = loginAttemptKey(client.ip, input.identifier, user?.id);
    await this.rateLimits.consume('login', pairKey);
    await this.rateLimits.consume('login-address', client.ip);
    // Before the credentials: a blocked country learns nothing about the account.
    await assertCountryAllowed(this.db, client.country);
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new AppError('invalid_credentials', messages.loginFailed);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError('invalid_credentials', messages.loginFailed);
    }
    // Status is told only to someone who knows the password.
    assertCanSignIn(user.status, user.banReason);
    const signedIn = await this.db.transaction(async (tx) => {
      // Codes are guessed under the same rate limit as passwords: the count is reset only after.
      await this.twoFactor.verifySignIn(tx, user.id, input.totpCode);
      await updateUser(tx, user.id, {
        lastLoginAt: new Date(),
        lastLoginCountry: client.country ?? user.lastLoginCountry,
      });
      // The language the user signs in from is the one it reads: its emails follow it.
      if (input.language) await saveAccountLanguage(tx, user.id, input.language);
      const tokens = await this.startSession(tx, user, client);
      // Read again for what the sign-in changed; verifySignIn has locked the row, so it is there.
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw new AppError('invalid_credentials', messages.loginFailed);
      return { user: await userView(tx, fresh), tokens };
    });
    await this.rateLimits.reset('login', pairKey);
    return signedIn;
  }

  /**
   * Refreshes per address are limited: a stolen-cookie replay or a client stuck in a loop cannot
   * hammer the session table. Checked apart from `refresh`, so a 429 leaves the cookies alone.
   */
  async assertRefreshAllowed(client: ClientInfo): Promise<void> {
    await this.rateLimits.consume('refresh', client.ip);
  }

  /**
   * Exchanges a refresh token for a new pair. A token presented twice means it was copied: the
   * whole session (every token rotated from the same sign-in) is revoked.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
    if (!refreshToken) throw sessionEnded();
    const tokenHash = hashToken(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const sessionId = await claimRefreshToken(tx, tokenHash);
      if (!sessionId) {
        const reusedSession = await findRefreshTokenSession(tx, tokenHash);
        if (reusedSession) await revokeSession(tx, reusedSession, 'refresh token reused');
        return undefined;
      }
      const session = await findLiveSession(tx, sessionId);
      if (!session) return undefined;
      const user = await findUserById(tx, session.userId);
      if (!user) return undefined;
      assertCanSignIn(user.status, user.banReason);
      await touchSession(tx, sessionId);
      return this.issueTokens(tx, sessionId, user);
    });
    if (!outcome) throw sessionEnded();
    return outcome;
  }

  async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
    const fromRefresh = refreshToken
      ? await findRefreshTokenSession(this.db, hashToken(refreshToken))
      : undefined;
    for (const id of new Set([sessionId, fromRefresh])) {
      if (id) await revokeSession(this.db, id, 'logout');
    }
  }

  private async startSession(
    tx: Executor,
    user: { id: string; role: User['role'] },
    client: ClientInfo,
  ) {
    const sessionId = await insertSession(tx, {
      userId: user.id,
      userAgent: client.userAgent,
      ip: client.ip,
      country: client.country,
    });
    return this.issueTokens(tx, sessionId, user);
  }

  private async issueTokens(
    tx: Executor,
    sessionId: string,
    user: { id: string; role: User['role'] },
  ): Promise<IssuedTokens> {
    const refreshToken = newRefreshToken();
    const refreshTtlSeconds = this.config.refreshTtlDays * 86_400;
    await insertRefreshToken(tx, {
      sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlSeconds * 1000),
    });
    const accessToken = await this.tokens.sign({ userId: user.id, sessionId, role: user.role });
    return {
      accessToken,
      accessTtlSeconds: this.config.accessTtlSeconds,
      refreshToken,
      refreshTtlSeconds,
    };
  }
}

/**
 * What the login limit counts per address: the account, whichever identifier (username or email)
 * names it, so alternating the two gives no extra guesses; an identifier that names no account,
 * as typed. The prefixes keep an identifier that looks like an id apart from the account's count.
 */
function loginAttemptKey(ip: string, identifier: string, accountId: string | undefined): string {
  return accountId ? `${ip}|account:${accountId}` : `${ip}|identifier:${identifier.toLowerCase()}`;
}

function sessionEnded() {
  return new AppError('unauthorized', 'Your session has ended. Please sign in again.');
}

function duplicateAccountError(error: unknown) {
  const constraint = pgConstraint(error) ?? '';
  if (constraint.includes('email')) {
    return new AppError('conflict', messages.emailTaken, [
      { path: 'body.email', message: messages.emailTaken },
    ]);
  }
  return new AppError('conflict', messages.usernameTaken, [
    { path: 'body.username', message: messages.usernameTaken },
  ]);
}
