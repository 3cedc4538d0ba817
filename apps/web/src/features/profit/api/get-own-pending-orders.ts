import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const ownPendingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ownPendingOrders,
    queryFn: async ({ signal }) => {
      const list = await apiClient.get('/orders/all', orderListSchema, {
        query: { page: 1, limit: 1, showAll: false, status: 'pending' },
        signal,
      });
      return list.pagination.total;
    },
  });

export function useOwnPendingOrders() {
  return useQuery(ownPendingOrdersQueryOptions());
}
