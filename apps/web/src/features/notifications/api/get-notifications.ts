import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListSchema, unreadCountSchema } from '@keymarket/contracts/notifications';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type NotificationsPageQuery = { page: number; limit: number; unread: boolean };

export function getNotifications(query: NotificationsPageQuery, signal?: AbortSignal) {
  return apiClient.get('/notifications', notificationListSchema, {
    query: { page: query.page, limit: query.limit, unread: query.unread ? 'true' : undefined },
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
