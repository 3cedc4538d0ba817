import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Buys a docked order upstream again now (same Idempotency-Key: never a second purchase). */
export function retryPurchase(orderId: string) {
  return apiClient.post(`/upstreams/purchases/${encodeURIComponent(orderId)}/retry`, z.undefined());
}

/** An administrator's retry, from the orders screen or the Suppliers screen alike. */
export function useRetryPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPurchase,
    onSettled: () =>
      Promise.all(
        [queryKeys.orders, queryKeys.upstreams].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
