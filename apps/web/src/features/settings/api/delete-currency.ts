import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteCurrency(id: string) {
  return apiClient.delete(`/currencies/${id}`, okResponseSchema);
}

export function useDeleteCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCurrency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currencies }),
  });
}
