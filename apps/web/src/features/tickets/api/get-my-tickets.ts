import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageQuery } from '@keymarket/contracts/pagination';
import { ticketListSchema, type Ticket, type TicketStatus } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getMyTickets(
  { page, limit, status }: PageQuery & { status?: TicketStatus },
  signal?: AbortSignal,
) {
  return apiClient.get('/tickets/my-tickets', ticketListSchema, {
    query: { page, limit, status },
    signal,
  });
}

export const myTicketsQueryOptions = (pageQuery: PageQuery) =>
  queryOptions({
    queryKey: [...queryKeys.tickets, 'mine', pageQuery],
    queryFn: ({ signal }) => getMyTickets(pageQuery, signal),
    // Keeps the current page on screen while the next loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export function useMyTickets(pageQuery: PageQuery) {
  return useQuery(myTicketsQueryOptions(pageQuery));
}

/**
 * The caller's ticket that is not closed (open or pending), or null: the server allows one at a
 * time, so the new-ticket form says so before anything is written rather than after.
 */
export function useUnclosedTicket() {
  return useQuery({
    queryKey: [...queryKeys.tickets, 'mine', 'unclosed'],
    queryFn: async ({ signal }): Promise<Ticket | null> => {
      const [open, pending] = await Promise.all(
        (['open', 'pending'] as const).map((status) =>
          getMyTickets({ page: 1, limit: 1, status }, signal),
        ),
      );
      return open?.data[0] ?? pending?.data[0] ?? null;
    },
  });
}
