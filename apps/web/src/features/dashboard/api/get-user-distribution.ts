import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDistributionSchema } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getUserDistribution(signal?: AbortSignal) {
  return apiClient.get('/analytics/user-distribution', userDistributionSchema, { signal });
}

export const userDistributionQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'user-distribution'],
    queryFn: ({ signal }) => getUserDistribution(signal),
  });

export function useUserDistribution() {
  return useQuery(userDistributionQueryOptions());
}
