import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type CreateOrderInput } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CreateOrderRequest = {
  order: CreateOrderInput;
  /** One per opening of the buy dialog: a double click replays the first answer, never buys twice. */
  idempotencyKey: string;
};

export function createOrder({ order, idempotencyKey }: CreateOrderRequest) {
  return apiClient.post('/orders', orderSchema, order, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // A refusal over a purchase limit: what is left changed since the dialog read it.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: [...queryKeys.currentUser, 'limits'] }),
    onSuccess: () =>
      Promise.all([
        // The balance and order counts moved, and an instant product's stock went down.
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        // The orders feature's key; features do not import each other, so it is named here.
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      ]),
  });
}
