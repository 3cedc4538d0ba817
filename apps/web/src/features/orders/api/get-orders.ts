import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  orderListSchema,
  orderStatsSchema,
  type ordersQuerySchema,
} from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery } from '@/lib/list-query';

/** GET /orders/all's query (ordersQuerySchema): `showAll` takes in the caller's downline. */
export type OrdersQuery = ListQuery<typeof ordersQuerySchema> & { showAll: boolean };

export function getOrders(query: OrdersQuery, signal?: AbortSignal) {
  return apiClient.get('/orders/all', orderListSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: [...queryKeys.orders, 'list', query],
    queryFn: ({ signal }) => getOrders(query, signal),
    // Keeps the current page on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}

/** The list's filters, for its stat cards: the same orders, not one page of them. */
export type OrderStatsQuery = Omit<OrdersQuery, 'page' | 'limit' | 'sort'>;

/**
 * The stat cards over the list's filters (status aside: the cards split by it). Asked apart from
 * the page: exact over a large list, they may take longer than the page, which shows first.
 */
export const orderStatsQueryOptions = (query: OrderStatsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.orders, 'stats', { ...query, status: undefined }],
    queryFn: ({ signal }) =>
      apiClient.get('/orders/all/stats', orderStatsSchema, {
        query: { ...query, status: undefined, search: query.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useOrderStats(query: OrderStatsQuery) {
  return useQuery(orderStatsQueryOptions(query));
}
