import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { faqsQueryKey } from '@/lib/faqs';

export function deleteFaq(id: string) {
  return apiClient.delete(`/faqs/${id}`, okResponseSchema);
}

export function useDeleteFaq() {
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsQueryKey }),
  });
}
