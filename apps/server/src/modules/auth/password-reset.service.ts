import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
} from '@keymarket/contracts/auth';
import { messages } from '@keymarket/contracts/messages';
import type { Database } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { KeyVault } from '../../lib/key-vault';
import { hashPassword } from '../../lib/passwords';
import { RateLimitedError, type RateLimits } from '../../lib/rate-limiter';
import { hashToken } from '../../lib/tokens';
import type { ResetEmailData } from '../email/email-consumer';
import { issueResetToken, setResetPassword, takeResetToken } from './password-reset.repository';
import { revokeUserSessions } from './sessions.repository';

/** How long a reset link works (DESIGN.md §12). */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

type ForgotInput = z.output<typeof forgotPasswordRequestSchema>;
type ResetInput = z.output<typeof resetPasswordRequestSchema>;

/**
 * The forgotten-password flow (DESIGN.md §12), there only when the server sends email. The link's
 * token is random (256 bits), kept as its SHA-256 only, good once and for 30 minutes; the email
 * carrying it goes through the outbox (sealed with the key vault until it is sent).
 */
export class PasswordResetService {
  constructor(
    private readonly db: Database,
    private readonly vault: KeyVault,
    private readonly rateLimits: RateLimits,
    private readonly options: { enabled: boolean; now: () => Date },
  ) {}

  assertEnabled(): void {
    if (!this.options.enabled) throw new AppError('not_found', messages.emailUnavailable);
  }

  /**
   * Always the same answer and the same work, whether `identifier` names an account or not: a
   * token is made, hashed and sealed, and one statement writes it and its email only when an
   * active account matches. Too many requests from one address answer 429; too many for one
   * identifier (whoever asks) are silently not sent, so the answer says nothing about the account.
   */
  async forgot(input: ForgotInput, ip: string): Promise<void> {
    this.assertEnabled();
    await this.rateLimits.consume('password-reset-address', ip);
    const identifier = input.identifier.trim().toLowerCase();
    const allowed = await this.rateLimits.consume('password-reset-account', identifier).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimitedError) return false;
        throw error;
      },
    );
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.options.now().getTime() + RESET_TOKEN_TTL_MS);
    const data: ResetEmailData = {
      sealedToken: this.vault.encrypt(token).toString('base64'),
      expiresAt: expiresAt.toISOString(),
    };
    await issueResetToken(this.db, {
      identifier,
      allowed,
      tokenHash: hashToken(token),
      expiresAt,
      data,
    });
  }

  /**
   * Sets the new password of the token's user, uses up every link of that user, revokes every
   * session and emails a confirmation, in one transaction. The token is taken with a conditional
   * update, so two requests with it cannot both succeed.
   */
  async reset(input: ResetInput, ip: string): Promise<void> {
    this.assertEnabled();
    await this.rateLimits.consume('password-reset-address', ip);
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.options.now().toISOString();
    await this.db.transaction(async (tx) => {
      const userId = await takeResetToken(tx, hashToken(input.token), now);
      if (!userId) throw validationError('token', messages.resetTokenInvalid);
      await setResetPassword(tx, { userId, passwordHash, now });
      await revokeUserSessions(tx, userId, 'password reset');
    });
  }
}
