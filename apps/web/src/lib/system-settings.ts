import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { systemSettingsResponseSchema } from '@keymarket/contracts/system-settings';
import { apiClient } from './api-client';

/**
 * The platform's settings as the caller may see them. Public: signed-out pages read the site name
 * and support contact; admins also get the admin-only fields under the same key.
 */
export const systemSettingsQueryKey = ['system-settings'] as const;

export function getSystemSettings(signal?: AbortSignal) {
  return apiClient.get('/system-settings', systemSettingsResponseSchema, { signal });
}

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: systemSettingsQueryKey,
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
