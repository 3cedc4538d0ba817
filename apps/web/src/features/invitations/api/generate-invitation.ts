import { useMutation } from '@tanstack/react-query';
import { invitationSchema, type GenerateInvitationRequest } from '@keymarket/contracts/invitations';
import { apiClient } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { invitationsQueryKey } from './get-invitations';

export function generateInvitation(body: GenerateInvitationRequest) {
  return apiClient.post('/invitations/generate', invitationSchema, body);
}

export function useGenerateInvitation() {
  return useMutation({
    mutationFn: generateInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
