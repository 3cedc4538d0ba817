import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  systemSettingsResponseSchema,
  type UpdateSystemSettingsInput,
} from '@keymarket/contracts/system-settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateSystemSettings(body: UpdateSystemSettingsInput) {
  return apiClient.put('/system-settings', systemSettingsResponseSchema, body);
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    // The answer is the whole stored state: every screen reading it updates at once.
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.systemSettings, settings),
  });
}
