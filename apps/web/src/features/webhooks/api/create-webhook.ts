import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWebhookSchema, type CreateWebhookInput } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createWebhook(body: CreateWebhookInput) {
  return apiClient.post('/webhooks', createdWebhookSchema, body);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}
