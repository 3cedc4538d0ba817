import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketDetailSchema } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The ticket and its conversation; reading it clears the caller's unread marker. */
export function getTicket(id: string, signal?: AbortSignal) {
  return apiClient.get(`/tickets/${encodeURIComponent(id)}`, ticketDetailSchema, { signal });
}

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.tickets, 'detail', id],
    queryFn: ({ signal }) => getTicket(id, signal),
  });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
