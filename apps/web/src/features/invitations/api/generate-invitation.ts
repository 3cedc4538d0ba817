import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema, type GenerateInvitationRequest } from '@keymarket/contracts/invitations';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function generateInvitation(body: GenerateInvitationRequest) {
  return apiClient.post('/invitations/generate', invitationSchema, body);
}

export function useGenerateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}
