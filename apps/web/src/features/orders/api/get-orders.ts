import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema, type OrderStatus } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';

// The shop's purchase invalidates this same key by name (features do not import each other).
export const ordersQueryKey = ['orders'] as const;

export type OrdersQuery = {
  page: number;
  limit: number;
  showAll: boolean;
  status?: OrderStatus;
  search?: string;
  /** YYYY-MM-DD, whole days. */
  from?: string;
  to?: string;
  productId?: string;
  buyerId?: string;
  sellerId?: string;
  /** `sortParam`'s text: `total`, `-date`. */
  sort?: string;
};

export function getOrders(query: OrdersQuery, signal?: AbortSignal) {
  return apiClient.get('/orders/all', orderListSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', query],
    queryFn: ({ signal }) => getOrders(query, signal),
    // Keeps the current page on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}
