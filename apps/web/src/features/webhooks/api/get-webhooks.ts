import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookListSchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getWebhooks(signal?: AbortSignal) {
  return apiClient.get('/webhooks', webhookListSchema, { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.webhooks, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
