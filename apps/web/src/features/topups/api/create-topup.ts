import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topupSchema, type CreateTopupInput } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

type CreateTopup = {
  fields: CreateTopupInput;
  proof: File | undefined;
  /** The share of the form (the proof, mostly) sent so far, from 0 to 1. */
  onProgress: (sentFraction: number) => void;
};

export function createTopup({ fields, proof, onProgress }: CreateTopup) {
  const form = new FormData();
  form.set('methodId', fields.methodId);
  form.set('amount', String(fields.amount));
  form.set('reference', fields.reference ?? '');
  if (proof) form.set('proof', proof);
  return apiClient.upload('/topups', topupSchema, form, { onProgress });
}

export function useCreateTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}
