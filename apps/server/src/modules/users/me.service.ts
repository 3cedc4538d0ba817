import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { messages } from '@keymarket/contracts/messages';
import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@keymarket/contracts/auth';
import type { updateMeSchema } from '@keymarket/contracts/users-admin';
import type { User } from '@keymarket/contracts/users';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Upload } from '../../lib/uploads';
import { removeFiles, storeFile } from '../files/files.repository';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthContext } from '../../plugins/access';
import { revokeUserSessions } from '../auth/sessions.repository';
import { userView } from './user-view';
import { findUserById, updateUser } from './users.repository';

type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
type UpdateMeInput = z.output<typeof updateMeSchema>;

/** What a signed-in user does to its own account. */
export class MeService {
  constructor(private readonly db: Database) {}

  async profile(caller: AuthContext): Promise<User> {
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    return userView(this.db, user);
  }

  /** A new password ends every other session: whoever else held one is out at once. */
  async changePassword(caller: AuthContext, input: ChangePasswordInput): Promise<void> {
    const user = await findUserById(this.db, caller.userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new AppError('validation', messages.currentPasswordIncorrect, [
        { path: 'body.currentPassword', message: messages.currentPasswordIncorrect },
      ]);
    }
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash });
      await revokeUserSessions(tx, user.id, 'password changed', caller.sessionId);
    });
  }

  async updateInfo(caller: AuthContext, input: UpdateMeInput): Promise<User> {
    try {
      await updateUser(this.db, caller.userId, input);
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

  /** Replaces the profile picture; the old file goes in the same transaction. */
  async setAvatar(caller: AuthContext, upload: Upload): Promise<{ avatarUrl: string }> {
    const fileId = await this.db.transaction(async (tx) => {
      // Lock the user row: simultaneous uploads must each see the file the previous one stored.
      const [user] = await tx.select().from(users).where(eq(users.id, caller.userId)).for('update');
      if (!user) throw new AppError('unauthorized', 'Please sign in');
      const id = await storeFile(tx, upload, { purpose: 'avatar', ownerId: caller.userId });
      await updateUser(tx, caller.userId, { avatarFileId: id });
      await removeFiles(tx, [user.avatarFileId]);
      return id;
    });
    return { avatarUrl: `/api/files/${fileId}` };
  }
}
