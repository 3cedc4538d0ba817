import { messages } from '@keymarket/contracts/messages';
import type { TwoFactorSetup, TwoFactorStatus } from '@keymarket/contracts/two-factor';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import { verifyPassword } from '../../lib/passwords';
import type { RateLimits } from '../../lib/rate-limiter';
import type { SystemSettingsCache } from '../../lib/settings';
import type { AuthContext } from '../access/auth-context';
import { isAdmin } from '../access/policy';
import { revokeUserSessions } from '../auth/sessions.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { storedUserRow, updateUser, type UserRow } from '../users/users.repository';
import { matchingTotpStep, newTotpSecret, totpEnrolment } from './totp';

function wrongCode(): AppError {
  return new AppError('invalid_credentials', messages.totpCodeInvalid, [
    { path: 'body.code', message: messages.totpCodeInvalid },
  ]);
}

/**
 * Optional two-factor sign-in (RFC 6238 codes) for every role; the platform can make it
 * mandatory for administrators. Secrets are sealed with the key vault; each accepted code's
 * 30-second step is remembered, so a code cannot be replayed while it is still valid.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly settings: SystemSettingsCache,
    private readonly rateLimits: RateLimits,
  ) {}

  /** Whether the platform requires two-factor sign-in of this role. */
  async isRequiredFor(role: UserRow['role']): Promise<boolean> {
    return isAdmin({ role }) && (await this.settings.read()).adminTwoFactorRequired;
  }

  async status(caller: AuthContext): Promise<TwoFactorStatus> {
    const user = await this.lockedUser(this.db, caller.userId, false);
    return { enabled: user.totpEnabledAt !== null, required: await this.isRequiredFor(user.role) };
  }

  /** A fresh pending secret; it replaces any earlier unconfirmed one. */
  async setup(caller: AuthContext): Promise<TwoFactorSetup> {
    const user = await this.lockedUser(this.db, caller.userId, false);
    if (user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
    const secret = newTotpSecret();
    await updateUser(this.db, user.id, { totpPendingSecret: this.seal(secret) });
    const { siteName } = await this.settings.read();
    return { secret, ...(await totpEnrolment(secret, user.username, siteName)) };
  }

  /**
   * Ends the account's other sessions, as a password change does: one opened by whoever had the
   * password alone must not outlive the second factor meant to keep them out.
   */
  async enable(caller: AuthContext, code: string): Promise<TwoFactorStatus> {
    await this.db.transaction(async (tx) => {
      const user = await this.lockedUser(tx, caller.userId, true);
      if (user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
      if (!user.totpPendingSecret) {
        throw new AppError('conflict', 'Start the two-factor setup before confirming it');
      }
      const step = matchingTotpStep(this.open(user.totpPendingSecret), code);
      if (step === null) throw wrongCode();
      await updateUser(tx, user.id, {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      });
      await revokeUserSessions(tx, user.id, 'two-factor enabled', caller.sessionId);
      await this.audit(tx, caller, 'user.two_factor.enable', user.id);
    });
    return this.status(caller);
  }

  /**
   * Needs the password and a current code: a stolen session alone cannot turn it off. Attempts
   * count against the same per-user limit as a password change, so this route is no way to
   * guess the password without limit either.
   */
  async disable(caller: AuthContext, password: string, code: string): Promise<TwoFactorStatus> {
    await this.rateLimits.consume('password-change', caller.userId);
    await this.db.transaction(async (tx) => {
      const user = await this.lockedUser(tx, caller.userId, true);
      if (!user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is not on');
      if (await this.isRequiredFor(user.role)) {
        throw new AppError('forbidden', 'Administrators must keep two-factor sign-in on');
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError('invalid_credentials', messages.currentPasswordIncorrect, [
          { path: 'body.password', message: messages.currentPasswordIncorrect },
        ]);
      }
      await this.consumeCode(tx, user, code);
      await this.clear(tx, user.id);
      await this.audit(tx, caller, 'user.two_factor.disable', user.id);
    });
    await this.rateLimits.reset('password-change', caller.userId);
    return this.status(caller);
  }

  /** An admin turns it off for someone who lost their phone; they set it up again after. */
  async reset(caller: AuthContext, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.lockedUser(tx, userId, true);
      await this.clear(tx, user.id);
      await this.audit(tx, caller, 'user.two_factor.reset', user.id);
    });
  }

  /**
   * Checks a sign-in code inside the caller's transaction (the user row locked there), and
   * remembers its step. Throws `two_factor_required` when the code is missing.
   */
  async verifySignIn(tx: Executor, userId: string, code: string | undefined): Promise<void> {
    const user = await this.lockedUser(tx, userId, true);
    if (!user.totpEnabledAt) return;
    if (code === undefined) throw new AppError('two_factor_required', messages.twoFactorRequired);
    await this.consumeCode(tx, user, code);
  }

  private async consumeCode(tx: Executor, user: UserRow, code: string): Promise<void> {
    if (!user.totpSecret) throw wrongCode();
    const step = matchingTotpStep(this.open(user.totpSecret), code);
    // A step at or before the last one accepted is a replay (or an older code): refused.
    if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) {
      throw wrongCode();
    }
    await updateUser(tx, user.id, { totpLastStep: step });
  }

  private async audit(tx: Executor, caller: AuthContext, action: string, userId: string) {
    await writeAudit(tx, { actorId: caller.userId, action, targetType: 'user', targetId: userId });
  }

  private async clear(tx: Executor, userId: string): Promise<void> {
    await updateUser(tx, userId, {
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
  }

  private async lockedUser(db: Executor, userId: string, forUpdate: boolean): Promise<UserRow> {
    const user = await storedUserRow(db, userId, { lock: forUpdate });
    if (!user) throw new AppError('not_found', messages.userNotFound);
    return user;
  }

  private seal(secret: string): string {
    return this.vault.encrypt(secret).toString('base64');
  }

  private open(sealed: string): string {
    return this.vault.decrypt(Buffer.from(sealed, 'base64'));
  }
}
