import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function toggleAlert(id: string) {
  return apiClient.patch(`/alerts/${id}/toggle`, alertSchema);
}

export function useToggleAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}
