import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topupMethodDeleteSchema } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

export function deleteMethod(id: string) {
  return apiClient.delete(`/topup-methods/${id}`, topupMethodDeleteSchema);
}

export function useDeleteMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}
