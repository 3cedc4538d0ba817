import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type RetryInput = { webhookId: string; deliveryId: string };

export function retryDelivery({ webhookId, deliveryId }: RetryInput) {
  return apiClient.post(`/webhooks/${webhookId}/deliveries/${deliveryId}/retry`, deliverySchema);
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (_delivery, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(webhookId) }),
  });
}
