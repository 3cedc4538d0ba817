import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketDetailSchema, type TicketMessageInput } from '@keymarket/contracts/tickets';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AddTicketMessageRequest = { ticketId: string; message: TicketMessageInput };

export function addTicketMessage({ ticketId, message }: AddTicketMessageRequest) {
  return apiClient.post(
    `/tickets/${encodeURIComponent(ticketId)}/messages`,
    ticketDetailSchema,
    message,
  );
}

export function useAddTicketMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTicketMessage,
    onSuccess: (ticket) => {
      queryClient.setQueryData([...queryKeys.tickets, 'detail', ticket.id], ticket);
      return queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
    },
  });
}
