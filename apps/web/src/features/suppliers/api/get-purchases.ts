import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { upstreamPurchaseListSchema } from '@keymarket/contracts/upstreams';
import { apiClient } from '@/lib/api-client';
import { upstreamsQueryKey } from './get-upstreams';

export type PurchaseStatus = 'pending' | 'completed' | 'rejected';

export function getPurchases(
  query: { page: number; status: PurchaseStatus | undefined },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ page: String(query.page), limit: '10' });
  if (query.status) params.set('status', query.status);
  return apiClient.get(`/upstreams/purchases?${params.toString()}`, upstreamPurchaseListSchema, {
    signal,
  });
}

export const purchasesQueryOptions = (query: {
  page: number;
  status: PurchaseStatus | undefined;
}) =>
  queryOptions({
    queryKey: [...upstreamsQueryKey, 'purchases', query],
    queryFn: ({ signal }) => getPurchases(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePurchases(query: { page: number; status: PurchaseStatus | undefined }) {
  return useQuery(purchasesQueryOptions(query));
}
