import type { z } from 'zod';
import {
  balanceChangeResponseSchema,
  type balanceChangeSchema,
} from '@keymarket/contracts/balance';
import { apiClient } from '@/lib/api-client';
import { useUsersMutation } from './users-mutation';

/**
 * `add`: an admin's deposit, or a manager's or reseller's transfer out of its own balance to a
 * direct invitee (the server tells them apart by the caller). `remove`: an admin's withdrawal.
 */
export type BalanceDirection = 'add' | 'remove';

export type ChangeBalanceRequest = {
  userId: string;
  direction: BalanceDirection;
  body: z.output<typeof balanceChangeSchema>;
};

export function changeBalance({ userId, direction, body }: ChangeBalanceRequest) {
  return apiClient.post(
    `/balance/${encodeURIComponent(userId)}/${direction}`,
    balanceChangeResponseSchema,
    body,
  );
}

export function useChangeBalance() {
  return useUsersMutation(changeBalance);
}
