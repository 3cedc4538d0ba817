import { useMutation } from '@tanstack/react-query';
import { alertSchema } from '@keymarket/contracts/settings';
import { alertsQueryKey } from '@/lib/alerts';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export function toggleAlert(id: string) {
  return apiClient.patch(`/alerts/${id}/toggle`, alertSchema);
}

export function useToggleAlert() {
  return useMutation({
    mutationFn: toggleAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
