import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';

/** Every dashboard figure lives under this key, so one invalidation refreshes the whole screen. */
export const analyticsQueryKey = ['analytics'] as const;

export function getDashboardStats(signal?: AbortSignal) {
  return apiClient.get('/analytics/dashboard-stats', dashboardStatsSchema, { signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...analyticsQueryKey, 'dashboard-stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
