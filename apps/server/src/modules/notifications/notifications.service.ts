import { pageOf } from '@keymarket/contracts/pagination';
import type {
  Notification,
  NotificationList,
  notificationsQuerySchema,
} from '@keymarket/contracts/notifications';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../access/auth-context';
import { assertMayReadNotification } from '../access/policy';
import {
  findNotification,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  type NotificationRow,
} from './notifications.repository';

type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** The caller's own notifications (DESIGN.md §12); nobody reads another user's. */
export class NotificationsService {
  constructor(private readonly db: Database) {}

  async list(caller: AuthContext, query: NotificationsQuery): Promise<NotificationList> {
    const { rows, total, unread } = await listNotifications(this.db, {
      userId: caller.userId,
      unread: query.unread ?? false,
      type: query.type,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return { ...pageOf(rows.map(notificationView), query, total), unread };
  }

  async unread(caller: AuthContext) {
    return { unread: await unreadCount(this.db, caller.userId) };
  }

  async read(caller: AuthContext, id: string): Promise<Notification> {
    assertMayReadNotification(caller, await findNotification(this.db, id));
    const row = await markRead(this.db, id);
    return notificationView(assertMayReadNotification(caller, row));
  }

  async readAll(caller: AuthContext) {
    return { updated: await markAllRead(this.db, caller.userId) };
  }
}

/** The API's shape of a row; `data` was written in it by the change (`notification-writes.ts`). */
export function notificationView(
  row: Pick<NotificationRow, 'id' | 'type' | 'data' | 'createdAt' | 'readAt'>,
): Notification {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  } as Notification;
}
