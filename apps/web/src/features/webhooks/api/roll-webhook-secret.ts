import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWebhookSchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * A new signing secret for the endpoint, shown once like the first: the old one stops working
 * at once, and every delivery from now on (retries of pending ones too) is signed with the new.
 */
export function rollWebhookSecret(id: string) {
  return apiClient.post(`/webhooks/${id}/secret`, createdWebhookSchema);
}

export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}
