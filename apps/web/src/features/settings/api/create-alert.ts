import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema, type CreateAlertInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createAlert(body: CreateAlertInput) {
  return apiClient.post('/alerts', alertSchema, body);
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}
