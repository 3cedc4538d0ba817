import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDashboardStats(signal?: AbortSignal) {
  return apiClient.get('/analytics/dashboard-stats', dashboardStatsSchema, { signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'dashboard-stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
