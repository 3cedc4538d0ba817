import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { revenueChartSchema, type RevenuePeriod } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRevenueChart(period: RevenuePeriod, signal?: AbortSignal) {
  return apiClient.get('/analytics/revenue-chart', revenueChartSchema, {
    query: { period },
    signal,
  });
}

export const revenueChartQueryOptions = (period: RevenuePeriod) =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'revenue-chart', period],
    queryFn: ({ signal }) => getRevenueChart(period, signal),
    // The previous period's bars stay while the next loads, so the card does not collapse.
    placeholderData: keepPreviousData,
  });

export function useRevenueChart(period: RevenuePeriod) {
  return useQuery(revenueChartQueryOptions(period));
}
