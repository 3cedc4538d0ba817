import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { auditSortColumns } from '@keymarket/contracts/balance';
import type { Sort } from '@keymarket/contracts/pagination';
import { olderThan } from '../../db/keyset';
import { auditLog, users } from '../../db/schema/index';
import { EXPORT_BATCH } from '../../lib/csv';

export interface AuditFilter {
  actorId?: string | undefined;
  /** The actor's username, any case. */
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    // users_username_lower_key finds the one user; an unknown name matches no row.
    filter.actor
      ? eq(
          auditLog.actorId,
          sql`(select ${users.id} from ${users} where lower(${users.username}) = lower(${filter.actor}))`,
        )
      : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

function selectEntries(db: Executor) {
  return db
    .select({ entry: auditLog, actor: { id: users.id, username: users.username } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
}

export type AuditRow = Awaited<ReturnType<typeof selectEntries>>[number];

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

export type AuditSort = Sort<(typeof auditSortColumns)[number]>;

/** A page of the log, newest first or oldest first (`?sort=createdAt`). */
export function auditPage(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number; sort?: AuditSort | undefined },
) {
  // Oldest first reverses the whole order, id too, so equal times keep their written order.
  const order =
    page.sort?.direction === 'asc' ? [asc(auditLog.createdAt), asc(auditLog.id)] : newestFirst;
  return selectEntries(db)
    .where(whereOf(filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function auditCount(db: Executor, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(whereOf(filter));
  return row?.n ?? 0;
}

/** The batch of an export that follows `after`, a row of the previous batch. */
export function auditBatch(db: Executor, filter: AuditFilter, after?: AuditRow) {
  return selectEntries(db)
    .where(and(whereOf(filter), after ? olderThan(auditLog, after.entry.id) : undefined))
    .orderBy(...newestFirst)
    .limit(EXPORT_BATCH);
}
