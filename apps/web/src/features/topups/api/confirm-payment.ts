import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topupSchema } from '@keymarket/contracts/topups';
import { apiClient } from '@/lib/api-client';
import { topupsQueryKey } from './get-topup-methods';

/** GET /topups/{id}: a card request still pending is checked with Stripe as it is read. */
export function fetchTopup(id: string, signal?: AbortSignal) {
  return apiClient.get(`/topups/${id}`, topupSchema, { signal });
}

/** An administrator asks Stripe about a card request; the lists read again. */
export function useCheckTopupPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchTopup(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}

/** An administrator confirms a card payment by Stripe's reference: credited once, audited. */
export function useConfirmTopupPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, providerRef }: { id: string; providerRef: string }) =>
      apiClient.post(`/topups/${id}/confirm-payment`, topupSchema, { providerRef }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupsQueryKey }),
  });
}
