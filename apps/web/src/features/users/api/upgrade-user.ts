import { userSummarySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

/** Reseller → manager. */
export function upgradeUser(userId: string) {
  return apiClient.put(`/users/upgrade/${encodeURIComponent(userId)}`, userSummarySchema);
}

export function useUpgradeUser() {
  return useUsersMutation(upgradeUser);
}
