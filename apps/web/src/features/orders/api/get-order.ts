import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

export function getOrder(id: string, signal?: AbortSignal) {
  return apiClient.get(`/orders/${encodeURIComponent(id)}`, orderSchema, { signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
