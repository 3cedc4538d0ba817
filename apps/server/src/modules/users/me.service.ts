import { messages } from '@keymarket/contracts/messages';
import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@keymarket/contracts/auth';
import type { updateMeSchema } from '@keymarket/contracts/users-admin';
import type { User } from '@keymarket/contracts/users';
import type { Database } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { RateLimits } from '../../lib/rate-limiter';
import type { Upload } from '../../lib/uploads';
import { removeFiles, storeFile } from '../files/files.repository';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthContext } from '../access/auth-context';
import { revokeUserSessions } from '../auth/sessions.repository';
import { userView } from './user-view';
import { findUserById, storedUserRow, updateUser, type UserRow } from './users.repository';

type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type UpdateMeInput = z.output<typeof updateMeSchema>;

/** What a signed-in user does to its own account. */
export class MeService {
  constructor(
    private readonly db: Database,
    private readonly rateLimits: RateLimits,
  ) {}

  async profile(caller: AuthContext): Promise<User> {
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    return userView(this.db, user);
  }

  /**
   * A new password ends every other session: whoever else held one is out at once. Attempts are
   * counted per user like sign-ins (a stolen session must not guess the password here without
   * limit), and forgotten after a success.
   */
  async changePassword(caller: AuthContext, input: ChangePasswordInput): Promise<void> {
    await this.rateLimits.consume('password-change', caller.userId);
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    await assertCurrentPassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash });
      await revokeUserSessions(tx, user.id, 'password changed', caller.sessionId);
    });
    await this.rateLimits.reset('password-change', caller.userId);
  }

  async updateInfo(caller: AuthContext, input: UpdateMeInput): Promise<User> {
    const { currentPassword, ...changes } = input;
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    if (changes.email !== undefined && changes.email !== user.email.toLowerCase()) {
      await this.confirmEmailChange(user, currentPassword);
    }
    try {
      await updateUser(this.db, caller.userId, changes);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', messages.emailTaken, [
          { path: 'body.email', message: messages.emailTaken },
        ]);
      }
      throw error;
    }
    return this.profile(caller);
  }

  /**
   * A new email needs the current password. Every attempt counts against a per-user limit,
   * success or not: the "already registered" answer tells whether an address has an account, so
   * a signed-in user must not be able to probe addresses without end.
   */
  private async confirmEmailChange(user: UserRow, currentPassword: string | undefined) {
    if (currentPassword === undefined) {
      throw validationError('body.currentPassword', messages.passwordRequired);
    }
    await this.rateLimits.consume('email-change', user.id);
    await assertCurrentPassword(user, currentPassword);
  }

  /** Replaces the profile picture; the old file goes in the same transaction. */
  async setAvatar(caller: AuthContext, upload: Upload): Promise<{ avatarUrl: string }> {
    const fileId = await this.db.transaction(async (tx) => {
      // Lock the user row: simultaneous uploads must each see the file the previous one stored.
      const user = await storedUserRow(tx, caller.userId, { lock: true });
      if (!user) throw new AppError('unauthorized', 'Please sign in');
      const id = await storeFile(tx, upload, { purpose: 'avatar', ownerId: caller.userId });
      await updateUser(tx, caller.userId, { avatarFileId: id });
      await removeFiles(tx, [user.avatarFileId]);
      return id;
    });
    return { avatarUrl: `/api/files/${fileId}` };
  }
}

async function assertCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationError('body.currentPassword', messages.currentPasswordIncorrect);
  }
}
