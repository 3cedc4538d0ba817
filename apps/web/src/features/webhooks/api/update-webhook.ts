import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSchema, type UpdateWebhookInput } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateWebhook({ id, ...body }: UpdateWebhookInput & { id: string }) {
  return apiClient.patch(`/webhooks/${id}`, webhookSchema, body);
}

/** Events, URL, or on/off (turning it back on forgets its failures). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}
