import type { z } from 'zod';
import type { setUserLimitsSchema } from '@keymarket/contracts/purchase-limits';
import { userSummarySchema } from '@keymarket/contracts/users-admin';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

export type SetUserLimitsRequest = { userId: string; body: z.output<typeof setUserLimitsSchema> };

/** An invitee's daily spending cap and most units in one order (null: none). */
export function setUserLimits({ userId, body }: SetUserLimitsRequest) {
  return apiClient.put(`/users/${encodeURIComponent(userId)}/limits`, userSummarySchema, body);
}

export function useSetUserLimits() {
  return useUsersMutation(setUserLimits);
}
