import { queryOptions, useQuery } from '@tanstack/react-query';
import { diskSpaceSchema } from '@keymarket/contracts/analytics';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Administrators only: the server refuses everyone else. */
export function getDiskSpace(signal?: AbortSignal) {
  return apiClient.get('/analytics/disk-space', diskSpaceSchema, { signal });
}

export const diskSpaceQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'disk-space'],
    queryFn: ({ signal }) => getDiskSpace(signal),
  });

export function useDiskSpace() {
  return useQuery(diskSpaceQueryOptions());
}
