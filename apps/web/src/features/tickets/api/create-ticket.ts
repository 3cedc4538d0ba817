import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketSchema, type CreateTicketInput } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createTicket(body: CreateTicketInput) {
  return apiClient.post('/tickets/create', ticketSchema, body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets }),
  });
}
