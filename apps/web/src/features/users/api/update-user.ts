import type { z } from 'zod';
import { userSummarySchema, type updateUserSchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

export type UpdateUserRequest = { userId: string; changes: z.output<typeof updateUserSchema> };

export function updateUser({ userId, changes }: UpdateUserRequest) {
  return apiClient.patch(`/users/${encodeURIComponent(userId)}`, userSummarySchema, changes);
}

export function useUpdateUser() {
  return useUsersMutation(updateUser);
}
