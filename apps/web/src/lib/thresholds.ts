import { queryOptions, useQuery } from '@tanstack/react-query';
import { thresholdsSchema } from '@keymarket/contracts/balance';
import { apiClient } from './api-client';

/** Read by the profit conversion dialog and edited in the admin's settings. */
export const thresholdsQueryKey = ['thresholds'] as const;

export function getThresholds(signal?: AbortSignal) {
  return apiClient.get('/thresholds', thresholdsSchema, { signal });
}

export const thresholdsQueryOptions = () =>
  queryOptions({
    queryKey: thresholdsQueryKey,
    queryFn: ({ signal }) => getThresholds(signal),
  });

export function useThresholds() {
  return useQuery(thresholdsQueryOptions());
}
