import type { Readable } from 'node:stream';
import { messages } from '@keymarket/contracts/messages';
import type { z } from 'zod';
import { pageOf } from '@keymarket/contracts/pagination';
import type {
  banUserSchema,
  downlineQuerySchema,
  resetPasswordSchema,
  updateUserSchema,
  UserProfile,
  usersQuerySchema,
} from '@keymarket/contracts/users-admin';
import type { Database } from '../../db/client';
import { ReadRouting } from '../../db/read-routing';
import { AppError } from '../../lib/app-error';
import { csvStream, keysetBatches } from '../../lib/csv';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import type { AuthContext } from '../access/auth-context';
import { assertMayActOnUser, assertMaySeeUser, requireAdmin, requireRole } from '../access/policy';
import { revokeUserSessions } from '../auth/sessions.repository';
import { writeAudit } from '../ledger/ledger.repository';
import { inDownlineOf } from './downline';
import { limitsView, userCsvColumns, userSummaryView } from './user-summary';
import { spentToday } from '../purchase-limits/purchase-limits.repository';
import { userView } from './user-view';
import {
  directInvitees,
  downlineScope,
  listUserSummaries,
  packageRefs,
  summaryRowOf,
  userSummaryBatch,
  upgradeToManager,
  type UserSummaryRow,
} from './users-admin.repository';
import { findUserById, updateUser, type UserRow } from './users.repository';

type UsersQuery = z.output<typeof usersQuerySchema>;
type DownlineQuery = z.output<typeof downlineQuerySchema>;
type UpdateUser = z.output<typeof updateUserSchema>;

/** The Users screen: admins over everyone, managers and resellers over their own downline. */
export class UsersAdminService {
  constructor(
    private readonly db: Database,
    /** Where the CSV export reads: a replica that is close behind when there is one. */
    private readonly reads = new ReadRouting(db),
  ) {}

  async list(caller: AuthContext, query: UsersQuery) {
    requireAdmin(caller);
    const { rows, total } = await listUserSummaries(
      this.db,
      query,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(rows.map(userSummaryView), query, total);
  }

  /** Every user the filters select, as CSV (DESIGN.md §10), read a batch at a time. */
  export(caller: AuthContext, query: UsersQuery): Readable {
    requireAdmin(caller);
    // One server for the whole file.
    const reader = this.reads.reader();
    const batches = keysetBatches<UserSummaryRow>(async (after) =>
      userSummaryBatch(await reader, query, after?.user.id),
    );
    return csvStream(batches, userCsvColumns);
  }

  /**
   * Everyone below the caller in the invitation tree (not the caller itself); with `direct`, only
   * the users it invited itself.
   */
  async downline(caller: AuthContext, query: DownlineQuery) {
    requireRole(caller, ['manager', 'reseller']);
    const { rows, total } = await listUserSummaries(
      this.db,
      { ...query, scope: downlineScope(caller.userId, query.direct) },
      query.limit,
      (query.page - 1) * query.limit,
    );
    return pageOf(rows.map(userSummaryView), query, total);
  }

  async profile(caller: AuthContext, userId: string): Promise<UserProfile> {
    const user = await assertMaySeeUser(
      caller,
      await findUserById(this.db, userId),
      inDownlineOf(this.db, caller.userId),
    );
    const invitees = await directInvitees(this.db, user.id, 100);
    const refs = await packageRefs(this.db, user.packageId, user.managerPackageId);
    return {
      ...(await userView(this.db, user)),
      invitees: invitees.rows,
      inviteesCount: invitees.total,
      package: refs.package,
      managerPackage: refs.managerPackage,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      limits: limitsView(user, await spentToday(this.db, user.id)),
    };
  }

  async update(caller: AuthContext, userId: string, input: UpdateUser) {
    const target = await this.actionableTarget(caller, userId, { allowAdmins: true });
    try {
      await this.db.transaction(async (tx) => {
        await updateUser(tx, target.id, input);
        await writeAudit(tx, {
          actorId: caller.userId,
          action: 'user.update',
          targetType: 'user',
          targetId: target.id,
          before: pick(target, Object.keys(input)),
          after: input,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error) && (pgConstraint(error) ?? '').includes('email')) {
        throw new AppError('conflict', messages.emailTaken, [
          { path: 'body.email', message: messages.emailTaken },
        ]);
      }
      throw error;
    }
    return this.summary(target.id);
  }

  suspend(caller: AuthContext, userId: string) {
    return this.changeStatus(caller, userId, 'inactive', null, 'user.suspend');
  }

  activate(caller: AuthContext, userId: string) {
    return this.changeStatus(caller, userId, 'active', null, 'user.activate');
  }

  ban(caller: AuthContext, userId: string, input: z.output<typeof banUserSchema>) {
    return this.changeStatus(caller, userId, 'banned', input.reason, 'user.ban');
  }

  async upgrade(caller: AuthContext, userId: string) {
    const target = await this.actionableTarget(caller, userId);
    if (target.role !== 'reseller')
      throw new AppError('conflict', `${target.username} is already a ${target.role}`);
    await this.db.transaction(async (tx) => {
      // Conditional on the current role, so simultaneous upgrades make exactly one change.
      if (!(await upgradeToManager(tx, target.id)))
        throw new AppError('conflict', `${target.username} is already a manager`);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.upgrade',
        targetType: 'user',
        targetId: target.id,
        before: { role: 'reseller' },
        after: { role: 'manager' },
      });
    });
    return this.summary(target.id);
  }

  /** An admin sets a new password; every session of the user ends. */
  async resetPassword(
    caller: AuthContext,
    userId: string,
    input: z.output<typeof resetPasswordSchema>,
  ) {
    const target = await this.actionableTarget(caller, userId);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, target.id, { passwordHash });
      await revokeUserSessions(tx, target.id, 'password reset by an administrator');
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'user.reset-password',
        targetType: 'user',
        targetId: target.id,
      });
    });
    return this.summary(target.id);
  }

  /** Ban and suspension end the user's sessions at once, not when its access token expires. */
  private async changeStatus(
    caller: AuthContext,
    userId: string,
    status: UserRow['status'],
    banReason: string | null,
    action: string,
  ) {
    const target = await this.actionableTarget(caller, userId);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, target.id, { status, banReason });
      if (status !== 'active') await revokeUserSessions(tx, target.id, action);
      await writeAudit(tx, {
        actorId: caller.userId,
        action,
        targetType: 'user',
        targetId: target.id,
        before: { status: target.status, banReason: target.banReason },
        after: { status, banReason },
      });
    });
    return this.summary(target.id);
  }

  private async summary(userId: string) {
    const row = await summaryRowOf(this.db, userId);
    // Called just after the user was read or written in this request.
    if (!row) throw new Error(`User ${userId} has no summary`);
    return userSummaryView(row);
  }

  private async actionableTarget(
    caller: AuthContext,
    userId: string,
    options?: { allowAdmins?: boolean },
  ) {
    return assertMayActOnUser(caller, await findUserById(this.db, userId), options);
  }
}

function pick(user: UserRow, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, (user as unknown as Record<string, unknown>)[k]]));
}
