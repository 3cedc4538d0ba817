import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

export function getApiKeys(signal?: AbortSignal) {
  return apiClient.get('/api-keys', apiKeyListSchema, { signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
