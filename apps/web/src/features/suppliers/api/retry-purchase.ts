import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

/** Buys a docked order upstream again now (same Idempotency-Key: never a second purchase). */
export function retryPurchase(orderId: string) {
  return apiClient.post(`/upstreams/purchases/${orderId}/retry`, z.undefined());
}

export function useRetryPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: upstreamsQueryKey }),
  });
}
