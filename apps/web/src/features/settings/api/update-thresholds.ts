import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { thresholdsSchema } from '@keymarket/contracts/balance';
import type { updateThresholdsSchema } from '@keymarket/contracts/balance';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateThresholds(body: z.input<typeof updateThresholdsSchema>) {
  return apiClient.post('/thresholds/update', thresholdsSchema, body);
}

export function useUpdateThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateThresholds,
    onSuccess: (thresholds) => queryClient.setQueryData(queryKeys.thresholds, thresholds),
  });
}
