import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  topupSchema,
  type ApproveTopupInput,
  type RejectTopupInput,
} from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

export type TopupDecision =
  | { id: string; action: 'approve'; body: ApproveTopupInput }
  | { id: string; action: 'reject'; body: RejectTopupInput }
  | { id: string; action: 'cancel' };

export function decideTopup(decision: TopupDecision) {
  return apiClient.post(
    `/topups/${decision.id}/${decision.action}`,
    topupSchema,
    'body' in decision ? decision.body : undefined,
  );
}

/** Approve, reject or cancel; the lists, the methods and the balance read again. */
export function useDecideTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}
