import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  convertProfitResponseSchema,
  type convertProfitSchema,
} from '@keymarket/contracts/balance';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ConvertProfitInput = z.input<typeof convertProfitSchema>;

export function convertProfit(body: ConvertProfitInput) {
  return apiClient.post('/thresholds/convert', convertProfitResponseSchema, body);
}

export function useConvertProfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertProfit,
    // Balance and profit both live on the current user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
