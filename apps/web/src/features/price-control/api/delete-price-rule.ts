import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Deletes one of the caller's rules (204, no body). */
export function deletePriceRule(id: string) {
  return apiClient.delete(`/price-rules/${encodeURIComponent(id)}`, z.undefined());
}

export function useDeletePriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePriceRule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.priceRules }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]),
  });
}
