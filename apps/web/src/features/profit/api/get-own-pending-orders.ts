import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema } from '@keymarket/contracts/orders';
import { apiClient } from '@/lib/api-client';

/**
 * How many orders the caller itself placed are pending: while any is, the server refuses a
 * profit conversion (DESIGN §5), so the dialog says so before the user submits. Under the
 * orders' own key, so placing, cancelling or answering an order refreshes it.
 */
export const ownPendingOrdersQueryKey = ['orders', 'own-pending'] as const;

export const ownPendingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ownPendingOrdersQueryKey,
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
