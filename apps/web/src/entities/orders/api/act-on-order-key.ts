import { useMutation } from '@tanstack/react-query';
import { orderSchema } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { useInvalidateAfterSale } from './after-sale';

export type KeyAction = 'replace' | 'refund';

export function actOnOrderKey(orderId: string, action: KeyAction, keyIndex: number) {
  return apiClient.post(`/orders/${encodeURIComponent(orderId)}/${action}`, orderSchema, {
    keyIndex,
  });
}

/** Replace or refund one key (administrators). */
export function useActOnOrderKey() {
  const invalidate = useInvalidateAfterSale();
  return useMutation({
    mutationFn: ({
      orderId,
      action,
      keyIndex,
    }: {
      orderId: string;
      action: KeyAction;
      keyIndex: number;
    }) => actOnOrderKey(orderId, action, keyIndex),
    onSuccess: invalidate,
  });
}
