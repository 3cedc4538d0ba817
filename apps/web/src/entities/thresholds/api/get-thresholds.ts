import { queryOptions, useQuery } from '@tanstack/react-query';
import { thresholdsSchema } from '@keymarket/contracts/balance';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getThresholds(signal?: AbortSignal) {
  return apiClient.get('/thresholds', thresholdsSchema, { signal });
}

export const thresholdsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.thresholds,
    queryFn: ({ signal }) => getThresholds(signal),
  });

export function useThresholds() {
  return useQuery(thresholdsQueryOptions());
}
