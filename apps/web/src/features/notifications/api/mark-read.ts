import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationItemSchema, readAllSchema } from '@keymarket/contracts/notifications';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function markNotificationRead(id: string) {
  return apiClient.post(`/notifications/${encodeURIComponent(id)}/read`, notificationItemSchema);
}

export function markAllNotificationsRead() {
  return apiClient.post('/notifications/read-all', readAllSchema);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
