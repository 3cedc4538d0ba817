import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type RespondOrderInput } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RespondOrderRequest = { orderId: string; response: RespondOrderInput };

export function respondOrder({ orderId, response }: RespondOrderRequest) {
  return apiClient.patch(`/orders/${encodeURIComponent(orderId)}/respond`, orderSchema, response);
}

export function useRespondOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        // A rejection refunds the buyer; a completion credits the sellers' profit.
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
  });
}
