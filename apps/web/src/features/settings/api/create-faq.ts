import { useMutation, useQueryClient } from '@tanstack/react-query';
import { faqSchema, type FaqInput } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Without a position, the server puts the new FAQ last. */
export function createFaq(body: FaqInput) {
  return apiClient.post('/faqs', faqSchema, body);
}

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.faqs }),
  });
}
