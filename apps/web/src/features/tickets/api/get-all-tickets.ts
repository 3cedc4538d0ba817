import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ticketListSchema, type TicketStatus } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';

export type AllTicketsQuery = {
  page: number;
  limit: number;
  status?: TicketStatus;
  search?: string;
  /** `sortParam`'s text: `subject`, `-date`. */
  sort?: string;
};

/** Every user's tickets (admins). */
export function getAllTickets(query: AllTicketsQuery, signal?: AbortSignal) {
  return apiClient.get('/tickets/all', ticketListSchema, {
    query: { ...query, search: query.search || undefined },
    signal,
  });
}

export const allTicketsQueryOptions = (query: AllTicketsQuery) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'all', query],
    queryFn: ({ signal }) => getAllTickets(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAllTickets(query: AllTicketsQuery) {
  return useQuery(allTicketsQueryOptions(query));
}
