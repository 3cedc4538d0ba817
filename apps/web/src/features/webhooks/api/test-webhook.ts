import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Sends a `ping` to the endpoint: a delivery in its log, sent by the worker within a second. */
export function testWebhook(id: string) {
  return apiClient.post(`/webhooks/${id}/test`, deliverySchema);
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(id) }),
  });
}
