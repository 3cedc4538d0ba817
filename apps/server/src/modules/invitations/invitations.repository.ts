import { and, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AllInvitationsQuery } from '@keymarket/contracts/invitations';
import type { Executor } from '../../db/client';
import { olderThan } from '../../db/keyset';
import { invitations, users } from '../../db/schema/index';
import type { Role } from '@keymarket/contracts/users';
import { EXPORT_BATCH } from '../../lib/csv';
import { oneRow } from '../../lib/rows';
import { escapeLike } from '../products/products.repository';

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

const createdBy = alias(users, 'created_by');

type InvitationFilter = Pick<AllInvitationsQuery, 'status' | 'role' | 'search'>;

/** The statuses of `invitationStatus` (invitations.service.ts), as conditions on a row. */
function statusCondition(status: NonNullable<InvitationFilter['status']>): SQL | undefined {
  switch (status) {
    case 'unused':
      return and(isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`));
    case 'expired':
      return and(isNull(invitations.usedAt), sql`${invitations.expiresAt} <= now()`);
    case 'pending':
      return and(sql`${invitations.usedAt} is not null`, eq(usedBy.status, 'inactive'));
    case 'used':
      return and(
        sql`${invitations.usedAt} is not null`,
        sql`${usedBy.status} is distinct from 'inactive'`,
      );
  }
}

function whereOf(filter: InvitationFilter) {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.status ? statusCondition(filter.status) : undefined,
    filter.role ? eq(invitations.role, filter.role) : undefined,
    pattern
      ? or(
          ilike(invitations.code, pattern),
          ilike(createdBy.username, pattern),
          ilike(usedBy.username, pattern),
        )
      : undefined,
  );
}

function selectPlatformInvitations(db: Executor) {
  return db
    .select({
      invitation: invitations,
      createdBy: { id: createdBy.id, username: createdBy.username },
      usedBy: { id: usedBy.id, username: usedBy.username, status: usedBy.status },
    })
    .from(invitations)
    .innerJoin(createdBy, eq(createdBy.id, invitations.createdById))
    .leftJoin(usedBy, eq(usedBy.id, invitations.usedById));
}

const newestFirst = [desc(invitations.createdAt), desc(invitations.id)];

/** Every code of the platform that `filter` selects, newest first (the administrators' list). */
export async function listPlatformInvitations(
  db: Executor,
  filter: InvitationFilter,
  limit: number,
  offset: number,
) {
  const [rows, [count]] = await Promise.all([
    selectPlatformInvitations(db)
      .where(whereOf(filter))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .innerJoin(createdBy, eq(createdBy.id, invitations.createdById))
      .leftJoin(usedBy, eq(usedBy.id, invitations.usedById))
      .where(whereOf(filter)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type PlatformInvitationRow = Awaited<
  ReturnType<typeof listPlatformInvitations>
>['rows'][number];

/** The batch of an export that follows `after`, a row of the previous batch. */
export function platformInvitationsBatch(
  db: Executor,
  filter: InvitationFilter,
  after?: PlatformInvitationRow,
) {
  return selectPlatformInvitations(db)
    .where(and(whereOf(filter), after ? olderThan(invitations, after.invitation.id) : undefined))
    .orderBy(...newestFirst)
    .limit(EXPORT_BATCH);
}
