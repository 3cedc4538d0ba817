import { useMutation, useQueryClient } from '@tanstack/react-query';
import { faqSchema, type FaqInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Replaces the texts; without a position the FAQ keeps its place. */
export function updateFaq({ id, faq }: { id: string; faq: FaqInput }) {
  return apiClient.put(`/faqs/${id}`, faqSchema, faq);
}

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.faqs }),
  });
}
