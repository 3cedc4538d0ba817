import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getApiKeys(signal?: AbortSignal) {
  return apiClient.get('/api-keys', apiKeyListSchema, { signal });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.apiKeys, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
