import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteFaq(id: string) {
  return apiClient.delete(`/faqs/${id}`, okResponseSchema);
}

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.faqs }),
  });
}
