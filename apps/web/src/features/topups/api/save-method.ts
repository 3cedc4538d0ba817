import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  topupMethodSchema,
  type TopupMethodInput,
  type TopupMethodPatch,
} from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

export type SaveMethodInput =
  { id: string; patch: TopupMethodPatch } | { create: TopupMethodInput };

export function saveMethod(input: SaveMethodInput) {
  return 'create' in input
    ? apiClient.post('/topup-methods', topupMethodSchema, input.create)
    : apiClient.patch(`/topup-methods/${input.id}`, topupMethodSchema, input.patch);
}

export function useSaveMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}
