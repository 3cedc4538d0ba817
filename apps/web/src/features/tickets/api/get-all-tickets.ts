import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ticketListSchema, type ticketsQuerySchema } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ListQuery } from '@/lib/list-query';

export type AllTicketsQuery = ListQuery<typeof ticketsQuerySchema>;

/** Every user's tickets (admins). */
export function getAllTickets(query: AllTicketsQuery, signal?: AbortSignal) {
  return apiClient.get('/tickets/all', ticketListSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const allTicketsQueryOptions = (query: AllTicketsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.tickets, 'all', query],
    queryFn: ({ signal }) => getAllTickets(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAllTickets(query: AllTicketsQuery) {
  return useQuery(allTicketsQueryOptions(query));
}
