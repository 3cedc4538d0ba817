import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookListSchema } from '@keymarket/contracts/integration';
import { apiClient } from '@/lib/api-client';

/** The endpoints and, under it, their delivery logs: one write refreshes both. */
export const webhooksQueryKey = ['webhooks'] as const;

export function getWebhooks(signal?: AbortSignal) {
  return apiClient.get('/webhooks', webhookListSchema, { signal });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
