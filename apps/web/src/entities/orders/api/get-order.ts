import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getOrder(id: string, signal?: AbortSignal) {
  return apiClient.get(`/orders/${encodeURIComponent(id)}`, orderSchema, { signal });
}

/** One order, under the orders screen's key (`['orders', …]`), so every reader shares it. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.orders, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
