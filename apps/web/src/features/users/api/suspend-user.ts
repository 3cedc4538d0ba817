import { userSummarySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

/** The account becomes `inactive` and its sessions end at once. */
export function suspendUser(userId: string) {
  return apiClient.put(`/users/suspend/${encodeURIComponent(userId)}`, userSummarySchema);
}

export function useSuspendUser() {
  return useUsersMutation(suspendUser);
}
