import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertListSchema } from '@keymarket/contracts/settings';
import { apiClient } from './api-client';

/** The alert banners of every area, and the admin's alerts screen, which invalidates it. */
export const alertsQueryKey = ['alerts'] as const;

/** Active alerts for everyone but admins, who receive every alert (inactive ones included). */
export function getAlerts(signal?: AbortSignal) {
  return apiClient.get('/alerts', alertListSchema, { signal });
}

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertsQueryKey,
    queryFn: ({ signal }) => getAlerts(signal),
    staleTime: 60_000,
  });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
