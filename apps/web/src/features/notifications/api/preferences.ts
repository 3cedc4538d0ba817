import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema,
  type UpdateNotificationPreferencesInput,
} from '@keymarket/contracts/notifications';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const path = '/users/me/notification-preferences';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) => apiClient.get(path, notificationPreferencesSchema, { signal }),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesInput) =>
      apiClient.put(path, notificationPreferencesSchema, body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationPreferences, saved),
  });
}
