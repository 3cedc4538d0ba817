import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { invitations, users } from '../../db/schema/index';
import type { Role } from '@keymarket/contracts/users';
import { oneRow } from '../../lib/rows';

/**
 * Marks an unused, unexpired code as used and returns it. Conditional on `used_at IS NULL`, so of
 * any number of signups racing for one code exactly one gets a row back.
 */
export async function claimInvitation(db: Executor, code: string) {
  const [row] = await db
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(invitations.code, code),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function markInvitationUsedBy(db: Executor, invitationId: string, userId: string) {
  await db.update(invitations).set({ usedById: userId }).where(eq(invitations.id, invitationId));
}

export async function insertInvitation(
  db: Executor,
  values: { code: string; role: Role; createdById: string; expiresAt: Date },
) {
  return oneRow(await db.insert(invitations).values(values).returning());
}

const usedBy = alias(users, 'used_by');

export async function listInvitationsCreatedBy(
  db: Executor,
  userId: string,
  limit: number,
  offset: number,
) {
  const where = eq(invitations.createdById, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        invitation: invitations,
        usedBy: { id: usedBy.id, username: usedBy.username, status: usedBy.status },
      })
      .from(invitations)
      .leftJoin(usedBy, eq(usedBy.id, invitations.usedById))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
