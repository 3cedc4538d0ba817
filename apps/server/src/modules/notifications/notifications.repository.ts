import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationType } from '@keymarket/contracts/notifications';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';

/** A row's position for the stream (`Last-Event-ID`): its `created_at` in microseconds. */
const cursorOf = sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text`;

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  data: notifications.data,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};
export type NotificationRow = typeof notifications.$inferSelect;

const unreadOf = (userId: string) =>
  and(eq(notifications.userId, userId), isNull(notifications.readAt));

export async function listNotifications(
  db: Executor,
  filter: {
    userId: string;
    unread: boolean;
    type: NotificationType | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    filter.unread ? unreadOf(filter.userId) : eq(notifications.userId, filter.userId),
    filter.type ? eq(notifications.type, filter.type) : undefined,
  );
  const [rows, [total], unread] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, filter.userId),
  ]);
  return { rows, total: total?.n ?? 0, unread };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row?.n ?? 0;
}

export async function findNotification(db: Executor, id: string) {
  const [row] = await db.select(columns).from(notifications).where(eq(notifications.id, id));
  return row;
}

/** Marks it read (once: a second call keeps the first time); answers the row. */
export async function markRead(db: Executor, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(eq(notifications.id, id))
    .returning(columns);
  return row;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(unreadOf(userId))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Marks read, for every administrator, the `order.pending` entries about `orderId`: the order was
 * answered (by an administrator, its buyer, a key import or its supplier), so nothing waits any
 * more. Run in the transaction that took the order out of `pending`, so the entries clear exactly
 * when the decision commits. The partial index `notifications_pending_order_idx` finds them.
 */
export async function resolvePendingOrderNotifications(
  db: Executor,
  orderId: string,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.type, 'order.pending'),
        isNull(notifications.readAt),
        sql`(${notifications.data}->>'orderId') = ${orderId}::text`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * The user's notifications whose `created_at` is after `afterMicros` (oldest first, at most
 * `limit`), each with its stream cursor; and the database's clock, for a stream's start.
 */
export async function notificationsSince(
  db: Executor,
  userId: string,
  afterMicros: bigint,
  limit: number,
) {
  return db
    .select({ ...columns, cursor: cursorOf })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.createdAt} > timestamptz 'epoch' + ${afterMicros.toString()}::bigint * interval '1 microsecond'`,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(limit);
}

export async function databaseNowMicros(db: Executor): Promise<bigint> {
  const result = await db.execute(
    sql`select (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as now`,
  );
  return BigInt((result as { rows: { now: string }[] }).rows[0]?.now ?? '0');
}
