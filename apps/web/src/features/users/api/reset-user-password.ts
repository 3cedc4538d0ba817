import type { z } from 'zod';
import { userSummarySchema, type resetPasswordSchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

export type ResetPasswordRequest = { userId: string; body: z.output<typeof resetPasswordSchema> };

/** Sets a new password chosen by the admin; every session of the user ends. */
export function resetUserPassword({ userId, body }: ResetPasswordRequest) {
  return apiClient.put(
    `/users/update-password/${encodeURIComponent(userId)}`,
    userSummarySchema,
    body,
  );
}

export function useResetUserPassword() {
  return useUsersMutation(resetUserPassword);
}
