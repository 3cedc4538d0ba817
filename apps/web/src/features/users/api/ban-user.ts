import type { z } from 'zod';
import { userSummarySchema, type banUserSchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

export type BanUserRequest = { userId: string; body: z.output<typeof banUserSchema> };

/** The user is signed out at once and sees the reason when it next tries to sign in. */
export function banUser({ userId, body }: BanUserRequest) {
  return apiClient.post(`/users/ban-user/${encodeURIComponent(userId)}`, userSummarySchema, body);
}

export function useBanUser() {
  return useUsersMutation(banUser);
}
