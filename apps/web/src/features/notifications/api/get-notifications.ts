import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  notificationListSchema,
  type notificationsQuerySchema,
  unreadCountSchema,
} from '@keymarket/contracts/notifications';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The page asked for, with `unread` as the boolean the server reads from its `true`/`false` text. */
export type NotificationsPageQuery = z.output<typeof notificationsQuerySchema>;

export function getNotifications(query: NotificationsPageQuery, signal?: AbortSignal) {
  return apiClient.get('/notifications', notificationListSchema, {
    query: {
      page: query.page,
      limit: query.limit,
      unread: query.unread ? 'true' : undefined,
      type: query.type,
    },
    signal,
  });
}

export const notificationsQueryOptions = (query: NotificationsPageQuery) =>
  queryOptions({
    queryKey: [...queryKeys.notifications, 'list', query],
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: NotificationsPageQuery, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(query), enabled });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.notifications, 'unread'],
    queryFn: ({ signal }) =>
      apiClient.get('/notifications/unread-count', unreadCountSchema, { signal }),
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
