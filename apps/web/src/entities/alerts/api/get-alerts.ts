import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListSchema } from '@keymarket/contracts/settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Active alerts for everyone but admins, who receive every alert (inactive ones included). */
export function getAlerts(signal?: AbortSignal) {
  return apiClient.get('/alerts', alertListSchema, { signal });
}

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.alerts,
    queryFn: ({ signal }) => getAlerts(signal),
    staleTime: 60_000,
  });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
