import { userSummarySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

/** Lifts a suspension or a ban, and approves an account waiting for approval. */
export function activateUser(userId: string) {
  return apiClient.put(`/users/activate/${encodeURIComponent(userId)}`, userSummarySchema);
}

export function useActivateUser() {
  return useUsersMutation(activateUser);
}
