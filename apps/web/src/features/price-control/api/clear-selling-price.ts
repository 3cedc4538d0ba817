import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Clears the caller's hand-set selling price of a product: its standing rule applies again. */
export function clearSellingPrice(productId: string) {
  return apiClient.delete(`/products/${encodeURIComponent(productId)}/seller-price`, z.undefined());
}

export function useClearSellingPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearSellingPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
