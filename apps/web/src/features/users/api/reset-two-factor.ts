import { okResponseSchema } from '@keymarket/contracts/auth';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

/** For a user who lost its authenticator: it signs in with its password alone again. */
export function resetTwoFactor(userId: string) {
  return apiClient.delete(`/users/${encodeURIComponent(userId)}/two-factor`, okResponseSchema);
}

export function useResetTwoFactor() {
  return useUsersMutation(resetTwoFactor);
}
