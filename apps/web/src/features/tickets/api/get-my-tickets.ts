import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageQuery } from '@keymarket/contracts/pagination';
import { ticketListSchema } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';

/** Every ticket list (the caller's and the admin's) sits under this key, so one write refreshes both. */
export const ticketsQueryKey = ['tickets'] as const;

export function getMyTickets({ page, limit }: PageQuery, signal?: AbortSignal) {
  return apiClient.get('/tickets/my-tickets', ticketListSchema, { query: { page, limit }, signal });
}

export const myTicketsQueryOptions = (pageQuery: PageQuery) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'mine', pageQuery],
    queryFn: ({ signal }) => getMyTickets(pageQuery, signal),
    // Keeps the current page on screen while the next loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export function useMyTickets(pageQuery: PageQuery) {
  return useQuery(myTicketsQueryOptions(pageQuery));
}
