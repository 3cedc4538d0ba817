import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { AuditName, auditSortColumns } from '@keymarket/contracts/balance';
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

/**
 * What each of `ids` names, looked for among the records an audit entry points at: one round
 * trip for a page's ids, each table searched by its primary key. An id found nowhere (a record
 * deleted since, or no record at all) is left out.
 */
export async function namesOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, AuditName>> {
  if (ids.length === 0) return new Map();
  const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const rows = await rowsOf<{ id: string; type: AuditName['type']; name: string }>(
    db,
    sql`select id::text, 'user' as type, username as name from users where id = any(${list})
        union all select id::text, 'product', name from products where id = any(${list})
        union all select id::text, 'order', product_name from orders where id = any(${list})
        union all select id::text, 'category', name_en from categories where id = any(${list})
        union all select id::text, 'subcategory', name_en from subcategories where id = any(${list})
        union all select id::text, 'package', name from packages where id = any(${list})
        union all select id::text, 'ticket', subject from tickets where id = any(${list})
        union all select id::text, 'upstream', name from upstreams where id = any(${list})`,
  );
  return new Map(rows.map(({ id, type, name }) => [id, { type, name }]));
}
