import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  bulkUpdatePricesResponseSchema,
  type bulkUpdatePricesSchema,
} from '@keymarket/contracts/catalogue';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BulkPriceUpdate = z.input<typeof bulkUpdatePricesSchema>;

/**
 * Prices moved by signed USD amounts or percentages, for listed products, a category or every
 * product (`bulkUpdatePricesSchema`); the server applies all or none.
 */
export function bulkUpdatePrices(update: BulkPriceUpdate) {
  return apiClient.patch('/products/bulk-update-prices', bulkUpdatePricesResponseSchema, update);
}

export function useBulkUpdatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdatePrices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
