import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListSchema, unreadCountSchema } from '@keymarket/contracts/notifications';
import { apiClient } from '@/lib/api-client';

/** Every notification query sits under this key: a new one or a read refreshes them all. */
export const notificationsQueryKey = ['notifications'] as const;

export type NotificationsPageQuery = { page: number; limit: number; unread: boolean };

export function getNotifications(query: NotificationsPageQuery, signal?: AbortSignal) {
  return apiClient.get('/notifications', notificationListSchema, {
    query: { page: query.page, limit: query.limit, unread: query.unread ? 'true' : undefined },
    signal,
  });
}

export const notificationsQueryOptions = (query: NotificationsPageQuery) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'list', query],
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(query: NotificationsPageQuery, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(query), enabled });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'unread'],
    queryFn: ({ signal }) =>
      apiClient.get('/notifications/unread-count', unreadCountSchema, { signal }),
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
