import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketSchema, type RespondTicketInput } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RespondTicketRequest = { ticketId: string; answer: RespondTicketInput };

export function respondTicket({ ticketId, answer }: RespondTicketRequest) {
  return apiClient.patch(`/tickets/${encodeURIComponent(ticketId)}/respond`, ticketSchema, answer);
}

export function useRespondTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets }),
  });
}
