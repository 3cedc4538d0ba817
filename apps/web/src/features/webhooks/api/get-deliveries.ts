import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryListSchema, type deliveriesQuerySchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import type { ListQuery } from '@/lib/list-query';
import { queryKeys } from '@/lib/query-keys';

export type DeliveriesQuery = ListQuery<typeof deliveriesQuerySchema>;

export function getDeliveries(webhookId: string, query: DeliveriesQuery, signal?: AbortSignal) {
  return apiClient.get(`/webhooks/${webhookId}/deliveries`, deliveryListSchema, {
    query: { page: query.page, limit: query.limit, status: query.status },
    signal,
  });
}

/** Pending deliveries change on their own (the worker sends them): looked at again while any is. */
const PENDING_REFRESH_MS = 3000;

export const deliveriesQueryOptions = (webhookId: string, query: DeliveriesQuery) =>
  queryOptions({
    queryKey: [...queryKeys.webhookDeliveries(webhookId), query],
    queryFn: ({ signal }) => getDeliveries(webhookId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) =>
      state.data?.data.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });

export function useDeliveries(webhookId: string, query: DeliveriesQuery) {
  return useQuery(deliveriesQueryOptions(webhookId, query));
}
