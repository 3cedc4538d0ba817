import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemSettingsResponseSchema } from '@keymarket/contracts/system-settings';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getSystemSettings(signal?: AbortSignal) {
  return apiClient.get('/system-settings', systemSettingsResponseSchema, { signal });
}

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.systemSettings,
    queryFn: ({ signal }) => getSystemSettings(signal),
  });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}

/** The site name the administrator set; the product's own name until the settings arrive. */
export function useSiteName(): string {
  const { t } = useTranslation();
  return useSystemSettings().data?.siteName ?? t('app.name');
}
